CREATE TABLE "pronunciation_dictionaries" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by_user_id" text,
	"name" text NOT NULL,
	"description" text,
	"latest_version_id" text NOT NULL,
	"archived_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pronunciation_dictionary_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"dictionary_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_blocks" (
	"id" text PRIMARY KEY NOT NULL,
	"chapter_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"sub_type" text DEFAULT 'p' NOT NULL,
	"nodes" jsonb NOT NULL,
	"audio_path" text,
	"audio_fingerprint" text,
	"duration_seconds" real,
	"alignment" jsonb,
	"characters" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_chapters" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"block_ids_order" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"block_order_changed_ms" bigint NOT NULL,
	"state" text DEFAULT 'default' NOT NULL,
	"conversion_progress" real,
	"last_conversion_at" timestamp (3) with time zone,
	"last_conversion_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by_user_id" text,
	"name" text NOT NULL,
	"default_title_voice_id" text NOT NULL,
	"default_paragraph_voice_id" text NOT NULL,
	"default_model_id" text NOT NULL,
	"title" text,
	"author" text,
	"isbn_number" text,
	"description" text DEFAULT '' NOT NULL,
	"genres" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_image_url" text DEFAULT '' NOT NULL,
	"target_audience" text DEFAULT 'all ages' NOT NULL,
	"language" text,
	"content_type" text,
	"original_publication_date" text,
	"mature_content" boolean DEFAULT false NOT NULL,
	"acx_volume_normalization" boolean DEFAULT false NOT NULL,
	"volume_normalization" boolean DEFAULT false NOT NULL,
	"fiction" text,
	"source_type" text DEFAULT 'blank' NOT NULL,
	"quality_preset" text DEFAULT 'standard' NOT NULL,
	"apply_text_normalization" text DEFAULT 'auto' NOT NULL,
	"pronunciation_locators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"continue_playing" boolean DEFAULT false NOT NULL,
	"chapters_order" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chapters_order_changed_ms" bigint NOT NULL,
	"state" text DEFAULT 'default' NOT NULL,
	"converting_chapter_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"added_to_queue_at" timestamp (3) with time zone,
	"last_conversion_at" timestamp (3) with time zone,
	"latest_snapshot_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_snapshots" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"chapter_id" text,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"audio_path" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"alignment" jsonb NOT NULL,
	"chapter_snapshot_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pronunciation_dictionaries" ADD CONSTRAINT "pronunciation_dictionaries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pronunciation_dictionaries" ADD CONSTRAINT "pronunciation_dictionaries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pronunciation_dictionary_versions" ADD CONSTRAINT "pronunciation_dictionary_versions_dictionary_id_pronunciation_dictionaries_id_fk" FOREIGN KEY ("dictionary_id") REFERENCES "public"."pronunciation_dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_blocks" ADD CONSTRAINT "studio_blocks_chapter_id_studio_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."studio_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_chapters" ADD CONSTRAINT "studio_chapters_project_id_studio_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."studio_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_projects" ADD CONSTRAINT "studio_projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_projects" ADD CONSTRAINT "studio_projects_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_snapshots" ADD CONSTRAINT "studio_snapshots_project_id_studio_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."studio_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pronunciation_dictionaries_workspace_idx" ON "pronunciation_dictionaries" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "studio_blocks_chapter_idx" ON "studio_blocks" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "studio_chapters_project_idx" ON "studio_chapters" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "studio_projects_workspace_idx" ON "studio_projects" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "studio_snapshots_project_idx" ON "studio_snapshots" USING btree ("project_id","chapter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
SELECT vocalis_watch_reads('studio_projects');--> statement-breakpoint
SELECT vocalis_watch_reads('studio_chapters');--> statement-breakpoint
SELECT vocalis_watch_reads('studio_blocks');--> statement-breakpoint
SELECT vocalis_watch_reads('studio_snapshots');--> statement-breakpoint
SELECT vocalis_watch_reads('pronunciation_dictionaries');--> statement-breakpoint
SELECT vocalis_watch_reads('pronunciation_dictionary_versions');
