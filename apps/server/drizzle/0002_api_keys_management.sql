ALTER TABLE "api_keys" ADD COLUMN "permissions" text[];--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "character_limit" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "character_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;