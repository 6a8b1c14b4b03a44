CREATE TABLE "sms_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"transport" text NOT NULL,
	"status" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_factors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone_number" text,
	"enrolled_at" timestamp with time zone,
	"pending_phone_number" text,
	"pending_code_hash" text,
	"pending_expires_at" timestamp with time zone,
	"pending_attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_factors" ADD CONSTRAINT "phone_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_to_idx" ON "sms_messages" USING btree ("to","created_at");