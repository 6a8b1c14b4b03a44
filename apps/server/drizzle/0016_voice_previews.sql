CREATE TABLE "voice_previews" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"description" text NOT NULL,
	"remix_of" text,
	"attributes" jsonb NOT NULL,
	"labels" jsonb NOT NULL,
	"profile" jsonb NOT NULL,
	"text" text NOT NULL,
	"audio_path" text NOT NULL,
	"media_type" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_previews" ADD CONSTRAINT "voice_previews_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_previews" ADD CONSTRAINT "voice_previews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_previews_workspace_idx" ON "voice_previews" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_previews_expires_idx" ON "voice_previews" USING btree ("expires_at");