CREATE TABLE "voiceover_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"video_path" text NOT NULL,
	"video_type" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"video_volume" real DEFAULT 1 NOT NULL,
	"tracks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"export_status" text DEFAULT 'none' NOT NULL,
	"export_progress" integer DEFAULT 0 NOT NULL,
	"export_error" text,
	"export_path" text,
	"version" integer DEFAULT 0 NOT NULL,
	"export_version" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voiceover_projects" ADD CONSTRAINT "voiceover_projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voiceover_projects" ADD CONSTRAINT "voiceover_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voiceover_projects_workspace_created_idx" ON "voiceover_projects" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Decision 043: tables a cached read may use notify the read caches of their changes.
SELECT vocalis_watch_reads('voiceover_projects');
