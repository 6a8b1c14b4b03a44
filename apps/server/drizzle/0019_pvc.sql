ALTER TABLE "voice_samples" ADD COLUMN "speakers" jsonb;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "pvc" jsonb;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "extra_pvc_slots" integer DEFAULT 0 NOT NULL;