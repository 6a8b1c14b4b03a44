CREATE TABLE "audio_isolations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text,
	"title" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"characters" integer NOT NULL,
	"original_path" text NOT NULL,
	"original_type" text NOT NULL,
	"audio_path" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audio_isolations" ADD CONSTRAINT "audio_isolations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_isolations" ADD CONSTRAINT "audio_isolations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_isolations_workspace_created_idx" ON "audio_isolations" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);