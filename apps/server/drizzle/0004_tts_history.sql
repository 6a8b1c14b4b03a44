CREATE TABLE "history_items" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text,
	"request_id" text,
	"text" text NOT NULL,
	"voice_id" text,
	"voice_name" text,
	"voice_category" text,
	"model_id" text,
	"settings" jsonb,
	"source" text DEFAULT 'TTS' NOT NULL,
	"character_count_change_from" integer NOT NULL,
	"character_count_change_to" integer NOT NULL,
	"content_type" text NOT NULL,
	"output_format" text,
	"audio_path" text NOT NULL,
	"feedback" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generation_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"request_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_usage" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"character_count" integer DEFAULT 0 NOT NULL,
	"character_limit" integer NOT NULL,
	"next_character_count_reset_at" timestamp (0) with time zone NOT NULL,
	"concurrency_limit" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history_items" ADD CONSTRAINT "history_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_items" ADD CONSTRAINT "history_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_slots" ADD CONSTRAINT "generation_slots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_usage" ADD CONSTRAINT "workspace_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_items_workspace_created_idx" ON "history_items" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_items_workspace_voice_idx" ON "history_items" USING btree ("workspace_id","voice_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generation_slots_workspace_expires_idx" ON "generation_slots" USING btree ("workspace_id","expires_at");