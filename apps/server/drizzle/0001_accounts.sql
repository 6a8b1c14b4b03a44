CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"workspace_id" text,
	"public_user_id" text NOT NULL,
	"first_name" text,
	"is_new_user" boolean DEFAULT true NOT NULL,
	"agrees_to_product_updates" boolean DEFAULT true NOT NULL,
	"is_onboarding_completed" boolean DEFAULT true NOT NULL,
	"is_onboarding_checklist_completed" boolean DEFAULT true NOT NULL,
	"onboarding_survey" jsonb,
	"onboarding_checklist" jsonb,
	"prompts_shown" jsonb DEFAULT '{"long_content_use_projects":false,"dubbing_use_cases_banner":false}'::jsonb NOT NULL,
	"terms_agreed_to" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"geo_location" text,
	"ccpa_opt_out" boolean DEFAULT false NOT NULL,
	"accepted_bipa_terms" boolean DEFAULT false NOT NULL,
	"allowed_to_extend_character_limit" boolean DEFAULT false NOT NULL,
	"max_character_limit_extension" integer,
	"profile_page_handle" text,
	"is_in_probation" boolean DEFAULT false NOT NULL,
	"backup_code_hash" text,
	"referral_link_code" text,
	"partnerstack_partner_default_link" text,
	"moderation_warning_dismissed" boolean DEFAULT false NOT NULL,
	"is_producer" boolean DEFAULT false NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"account_state" text DEFAULT 'active' NOT NULL,
	"account_state_reason" text,
	"account_state_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_profiles_public_user_id_unique" UNIQUE("public_user_id"),
	CONSTRAINT "user_profiles_profile_page_handle_unique" UNIQUE("profile_page_handle")
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" text,
	"is_personal" boolean DEFAULT false NOT NULL,
	"subscription_tier" text DEFAULT 'free' NOT NULL,
	"max_seats" integer DEFAULT 1 NOT NULL,
	"storing_shared_files_on_user" boolean DEFAULT true NOT NULL,
	"training_opt_out" boolean DEFAULT false NOT NULL,
	"training_opt_out_at" timestamp with time zone,
	"pronunciation_dictionary_locators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"all_members_permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"voice_library_removal_notice_webhook_id" text,
	"speech_to_text_webhook_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_auto_provisioning" jsonb DEFAULT '{"enabled":false,"enabled_at_unix":null,"enabled_by_user_email":null}'::jsonb NOT NULL,
	"session_inactivity_timeout" integer,
	"email_password_sign_in_disabled" boolean DEFAULT false NOT NULL,
	"disallowed_social_providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_members_user_id_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workspaces_owner_id_idx" ON "workspaces" USING btree ("owner_id");