CREATE TABLE "billing_idempotency_keys" (
	"workspace_id" text NOT NULL,
	"key" text NOT NULL,
	"action" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_idempotency_keys_workspace_id_key_pk" PRIMARY KEY("workspace_id","key")
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"mode" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"tier" text,
	"billing_period" text,
	"currency" text,
	"promocode" text,
	"subtotal_cents" integer,
	"amount_due_cents" integer,
	"return_path" text,
	"url" text NOT NULL,
	"failure_message" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_invoice_id" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"tier" text,
	"billing_period" text,
	"currency" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"amount_due_cents" integer NOT NULL,
	"discount_percent_off" real,
	"discount_amount_off_cents" integer,
	"period_start" timestamp (3) with time zone NOT NULL,
	"period_end" timestamp (3) with time zone NOT NULL,
	"next_payment_attempt_at" timestamp (3) with time zone,
	"payment_intent_status" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "promo_coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"amount_off_cents" integer,
	"percent_off" real,
	"duration_in_months" integer DEFAULT 1 NOT NULL,
	"extended" boolean DEFAULT false NOT NULL,
	"currency" text,
	"expires_at" timestamp (3) with time zone,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"provider_coupon_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_subscriptions" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"billing_period" text DEFAULT 'monthly_period' NOT NULL,
	"status" text DEFAULT 'free' NOT NULL,
	"currency" text,
	"provider" text,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"provider_schedule_id" text,
	"current_period_start" timestamp (3) with time zone,
	"current_period_end" timestamp (3) with time zone,
	"cancel_at" timestamp (3) with time zone,
	"scheduled_change_type" text,
	"scheduled_tier" text,
	"scheduled_period" text,
	"previously_subscribed_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trust_on_invoice_creation" boolean DEFAULT false NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"card_behaviour" text,
	"card_verified_at" timestamp (3) with time zone,
	"discount_code" text,
	"discount_percent_off" real,
	"discount_amount_off_cents" integer,
	"discount_invoices_left" integer,
	"payouts_account_id" text,
	"payouts_onboarded_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text,
	"api_key_id" text,
	"voice_id" text,
	"model_id" text,
	"source" text DEFAULT 'TTS' NOT NULL,
	"characters" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_idempotency_keys" ADD CONSTRAINT "billing_idempotency_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_subscriptions" ADD CONSTRAINT "workspace_subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_provider_session_idx" ON "checkout_sessions" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_workspace_kind_period_idx" ON "invoices" USING btree ("workspace_id","kind","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_idx" ON "invoices" USING btree ("provider","provider_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_workspace_created_idx" ON "invoices" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "workspace_subscriptions_period_end_idx" ON "workspace_subscriptions" USING btree ("current_period_end");--> statement-breakpoint
CREATE INDEX "usage_records_workspace_created_idx" ON "usage_records" USING btree ("workspace_id","created_at");