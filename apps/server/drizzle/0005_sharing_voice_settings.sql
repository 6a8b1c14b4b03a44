CREATE TABLE "voice_settings" (
	"workspace_id" text NOT NULL,
	"voice_id" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_settings_workspace_id_voice_id_pk" PRIMARY KEY("workspace_id","voice_id")
);
--> statement-breakpoint
ALTER TABLE "history_items" ADD COLUMN "share_link_id" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "public_user_name" text;--> statement-breakpoint
ALTER TABLE "voice_settings" ADD CONSTRAINT "voice_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_items" ADD CONSTRAINT "history_items_share_link_id_unique" UNIQUE("share_link_id");