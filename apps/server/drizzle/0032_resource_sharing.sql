CREATE TABLE "workspace_resource_grants" (
	"workspace_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"grantee_type" text NOT NULL,
	"grantee_id" text NOT NULL,
	"role" text NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_resource_grants_pk" PRIMARY KEY("workspace_id","resource_type","resource_id","grantee_type","grantee_id")
);
--> statement-breakpoint
ALTER TABLE "workspace_groups" ADD COLUMN "all_members_permissions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_resource_grants" ADD CONSTRAINT "workspace_resource_grants_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_resource_grants" ADD CONSTRAINT "workspace_resource_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_resource_grants_grantee_idx" ON "workspace_resource_grants" USING btree ("workspace_id","grantee_type","grantee_id");
--> statement-breakpoint
-- Decision 043: a cached read (history, voices) depends on the grants, so their changes empty the read caches.
SELECT vocalis_watch_reads('workspace_resource_grants');
