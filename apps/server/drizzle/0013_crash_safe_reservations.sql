CREATE TABLE "server_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_expires_at" timestamp with time zone NOT NULL,
	"backend_pid" integer,
	"worker_pool_ids" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generation_reservations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"owner_node_id" text NOT NULL,
	"request_id" text,
	"characters" integer NOT NULL,
	"period_end" timestamp (0) with time zone NOT NULL,
	"api_key_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "generation_slots" CASCADE;--> statement-breakpoint
ALTER TABLE "workspace_usage" ADD COLUMN "running_generations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_reservations" ADD CONSTRAINT "generation_reservations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_nodes_lease_idx" ON "server_nodes" USING btree ("lease_expires_at");--> statement-breakpoint
CREATE INDEX "generation_reservations_owner_idx" ON "generation_reservations" USING btree ("owner_node_id");--> statement-breakpoint
CREATE INDEX "generation_reservations_workspace_idx" ON "generation_reservations" USING btree ("workspace_id");