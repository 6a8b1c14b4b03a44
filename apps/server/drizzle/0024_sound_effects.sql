CREATE TABLE "sound_effect_usage" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"seconds_used" real NOT NULL,
	"period_end" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sound_effect_usage" ADD CONSTRAINT "sound_effect_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT vocalis_watch_reads('sound_effect_usage');
