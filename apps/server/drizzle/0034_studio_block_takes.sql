CREATE TABLE "studio_block_takes" (
	"id" text PRIMARY KEY NOT NULL,
	"block_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"audio_path" text NOT NULL,
	"fingerprint" text NOT NULL,
	"duration_seconds" real NOT NULL,
	"alignment" jsonb NOT NULL,
	"characters" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio_blocks" ADD COLUMN "current_take_id" text;--> statement-breakpoint
ALTER TABLE "studio_block_takes" ADD CONSTRAINT "studio_block_takes_block_id_studio_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."studio_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_block_takes_block_idx" ON "studio_block_takes" USING btree ("block_id","created_at");
--> statement-breakpoint
-- Decision 043: tables a cached read may use notify the read caches of their changes.
SELECT vocalis_watch_reads('studio_block_takes');
