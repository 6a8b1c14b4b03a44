CREATE TABLE "voice_collection_voices" (
	"collection_id" text NOT NULL,
	"voice_id" text NOT NULL,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_collection_voices_collection_id_voice_id_pk" PRIMARY KEY("collection_id","voice_id")
);
--> statement-breakpoint
CREATE TABLE "voice_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"title" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_library_copies" (
	"copy_voice_id" text PRIMARY KEY NOT NULL,
	"original_voice_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_sharing" (
	"voice_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"public_owner_id" text NOT NULL,
	"status" text NOT NULL,
	"enable_library" boolean DEFAULT true NOT NULL,
	"notice_period_days" integer NOT NULL,
	"custom_rate" real,
	"live_moderation" boolean DEFAULT false NOT NULL,
	"free_users_allowed" boolean DEFAULT true NOT NULL,
	"preview_history_item_id" text,
	"voice_mixing_allowed" boolean DEFAULT false NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reader_app_enabled" boolean DEFAULT false NOT NULL,
	"reader_restricted_on" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"whitelisted_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"enabled_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "copy_of_voice_id" text;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "copy_public_owner_id" text;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "copy_status" text;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "copy_disable_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "voice_collection_voices" ADD CONSTRAINT "voice_collection_voices_collection_id_voice_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."voice_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_collections" ADD CONSTRAINT "voice_collections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_library_copies" ADD CONSTRAINT "voice_library_copies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_sharing" ADD CONSTRAINT "voice_sharing_voice_id_voices_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."voices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_sharing" ADD CONSTRAINT "voice_sharing_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_collections_workspace_idx" ON "voice_collections" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_library_copies_original_idx" ON "voice_library_copies" USING btree ("original_voice_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_sharing_public_idx" ON "voice_sharing" USING btree ("public_owner_id");--> statement-breakpoint
CREATE INDEX "voice_sharing_status_idx" ON "voice_sharing" USING btree ("status","enabled_at");--> statement-breakpoint
CREATE INDEX "voices_copy_of_idx" ON "voices" USING btree ("copy_of_voice_id");