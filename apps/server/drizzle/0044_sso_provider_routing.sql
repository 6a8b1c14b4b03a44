ALTER TABLE "workspace_identity_providers" ADD COLUMN "idp_initiated_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_identity_providers" ADD COLUMN "domains" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_identity_providers" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;