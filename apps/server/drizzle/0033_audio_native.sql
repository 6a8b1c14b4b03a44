CREATE TABLE "audio_native_projects" (
	"project_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"embed_id" text NOT NULL,
	"title" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"small" boolean DEFAULT false NOT NULL,
	"text_color" text NOT NULL,
	"background_color" text NOT NULL,
	"sessionization" integer DEFAULT 0 NOT NULL,
	"source_url" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_native_projects_embed_id_unique" UNIQUE("embed_id")
);
--> statement-breakpoint
ALTER TABLE "audio_native_projects" ADD CONSTRAINT "audio_native_projects_project_id_studio_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."studio_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_native_projects" ADD CONSTRAINT "audio_native_projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Decision 043: tables a cached read may use notify the read caches of their changes.
SELECT vocalis_watch_reads('audio_native_projects');
