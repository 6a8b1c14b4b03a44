CREATE TABLE "transcription_usage" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"seconds_used" real NOT NULL,
	"period_end" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcripts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"model_id" text NOT NULL,
	"engine" text NOT NULL,
	"file_name" text,
	"requested_language" text,
	"language_code" text,
	"language_probability" real,
	"text" text,
	"words" jsonb,
	"audio_duration_secs" real NOT NULL,
	"charged_seconds" real NOT NULL,
	"options" jsonb NOT NULL,
	"audio_path" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "transcription_usage" ADD CONSTRAINT "transcription_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcripts_workspace_idx" ON "transcripts" USING btree ("workspace_id","created_at");