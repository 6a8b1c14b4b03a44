CREATE TABLE "saml_assertion_replays" (
	"assertion_id" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_identity_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"issuer" text,
	"client_id" text,
	"client_secret_sealed" text,
	"identity_provider_entity_id" text,
	"sso_url" text,
	"certificate" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_domains" ADD CONSTRAINT "workspace_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_identity_providers" ADD CONSTRAINT "workspace_identity_providers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_identity_providers" ADD CONSTRAINT "workspace_identity_providers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_assertion_replays_expires_idx" ON "saml_assertion_replays" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_domains_workspace_domain_idx" ON "workspace_domains" USING btree ("workspace_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_domains_verified_domain_idx" ON "workspace_domains" USING btree ("domain") WHERE "workspace_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "workspace_identity_providers_workspace_idx" ON "workspace_identity_providers" USING btree ("workspace_id");
--> statement-breakpoint
-- Decision 043: tables a cached read may use notify the read caches of their changes.
SELECT vocalis_watch_reads('workspace_domains');--> statement-breakpoint
SELECT vocalis_watch_reads('workspace_identity_providers');
