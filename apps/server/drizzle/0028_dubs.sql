CREATE TABLE "dubs" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"requested_source_lang" text NOT NULL,
	"source_lang" text,
	"target_langs" text[] NOT NULL,
	"options" jsonb NOT NULL,
	"source_path" text NOT NULL,
	"source_type" text NOT NULL,
	"is_video" boolean NOT NULL,
	"duration_seconds" real NOT NULL,
	"extra_paths" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"characters" integer NOT NULL,
	"expected_duration" real NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"progress_message" text DEFAULT '' NOT NULL,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"speakers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "dubs" ADD CONSTRAINT "dubs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dubs" ADD CONSTRAINT "dubs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dubs_workspace_created_idx" ON "dubs" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
SELECT vocalis_watch_reads('dubs');
