ALTER TABLE "voice_samples" ADD COLUMN "trim_start_ms" integer;--> statement-breakpoint
ALTER TABLE "voice_samples" ADD COLUMN "trim_end_ms" integer;