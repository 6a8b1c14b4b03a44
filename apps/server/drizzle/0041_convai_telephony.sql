CREATE TABLE "convai_batch_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"agent_id" text NOT NULL,
	"agent_name" text NOT NULL,
	"phone_number_id" text,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp (3) with time zone NOT NULL,
	"timezone" text,
	"target_concurrency_limit" integer,
	"telephony_call_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "convai_batch_recipients" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"phone_number" text NOT NULL,
	"client_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"conversation_id" text,
	"error" text,
	"dialed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "convai_phone_numbers" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"provider" text NOT NULL,
	"phone_number" text NOT NULL,
	"label" text NOT NULL,
	"supports_inbound" boolean DEFAULT true NOT NULL,
	"supports_outbound" boolean DEFAULT true NOT NULL,
	"agent_id" text,
	"twilio_account_sid" text,
	"sealed_twilio_token" text,
	"inbound_trunk" jsonb,
	"outbound_trunk" jsonb,
	"sealed_inbound_password" text,
	"sealed_outbound_password" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "convai_batch_calls" ADD CONSTRAINT "convai_batch_calls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_batch_calls" ADD CONSTRAINT "convai_batch_calls_phone_number_id_convai_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."convai_phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_batch_recipients" ADD CONSTRAINT "convai_batch_recipients_batch_id_convai_batch_calls_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."convai_batch_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_phone_numbers" ADD CONSTRAINT "convai_phone_numbers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_phone_numbers" ADD CONSTRAINT "convai_phone_numbers_agent_id_convai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."convai_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "convai_batch_calls_workspace_created_idx" ON "convai_batch_calls" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "convai_batch_recipients_batch_idx" ON "convai_batch_recipients" USING btree ("batch_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "convai_phone_numbers_workspace_number_idx" ON "convai_phone_numbers" USING btree ("workspace_id","phone_number");--> statement-breakpoint
CREATE INDEX "convai_phone_numbers_number_idx" ON "convai_phone_numbers" USING btree ("phone_number");
--> statement-breakpoint
-- Decision 043: tables a cached read may use notify the read caches of their changes.
SELECT vocalis_watch_reads('convai_phone_numbers');
--> statement-breakpoint
SELECT vocalis_watch_reads('convai_batch_calls');
--> statement-breakpoint
SELECT vocalis_watch_reads('convai_batch_recipients');
