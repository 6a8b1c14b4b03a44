CREATE TABLE "convai_agents" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conversation_config" jsonb NOT NULL,
	"platform_settings" jsonb NOT NULL,
	"workflow" jsonb,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_call_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "convai_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"agent_name" text NOT NULL,
	"user_id" text,
	"status" text NOT NULL,
	"mode" text NOT NULL,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"duration_seconds" real DEFAULT 0 NOT NULL,
	"termination_reason" text,
	"audio_path" text,
	"has_audio" boolean DEFAULT false NOT NULL,
	"heartbeat_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "convai_kb_chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "convai_kb_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"url" text,
	"content" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "convai_llm_settings" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"model" text NOT NULL,
	"api_key_secret_id" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "convai_secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"encrypted_value" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "convai_agents" ADD CONSTRAINT "convai_agents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_agents" ADD CONSTRAINT "convai_agents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_conversations" ADD CONSTRAINT "convai_conversations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_kb_chunks" ADD CONSTRAINT "convai_kb_chunks_document_id_convai_kb_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."convai_kb_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_kb_documents" ADD CONSTRAINT "convai_kb_documents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_kb_documents" ADD CONSTRAINT "convai_kb_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_llm_settings" ADD CONSTRAINT "convai_llm_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_llm_settings" ADD CONSTRAINT "convai_llm_settings_api_key_secret_id_convai_secrets_id_fk" FOREIGN KEY ("api_key_secret_id") REFERENCES "public"."convai_secrets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convai_secrets" ADD CONSTRAINT "convai_secrets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "convai_agents_workspace_created_idx" ON "convai_agents" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "convai_conversations_workspace_started_idx" ON "convai_conversations" USING btree ("workspace_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "convai_conversations_workspace_status_idx" ON "convai_conversations" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "convai_kb_chunks_document_idx" ON "convai_kb_chunks" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "convai_kb_documents_workspace_created_idx" ON "convai_kb_documents" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "convai_secrets_workspace_name_idx" ON "convai_secrets" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "convai_kb_chunks_search_idx" ON "convai_kb_chunks" USING gin (to_tsvector('english', "content"));--> statement-breakpoint
SELECT vocalis_watch_reads('convai_agents');--> statement-breakpoint
SELECT vocalis_watch_reads('convai_secrets');--> statement-breakpoint
SELECT vocalis_watch_reads('convai_llm_settings');--> statement-breakpoint
SELECT vocalis_watch_reads('convai_conversations');--> statement-breakpoint
SELECT vocalis_watch_reads('convai_kb_documents');--> statement-breakpoint
SELECT vocalis_watch_reads('convai_kb_chunks');
