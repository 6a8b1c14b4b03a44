CREATE TABLE "history_item_voices" (
	"history_item_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"voice_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "history_item_voices_history_item_id_voice_id_pk" PRIMARY KEY("history_item_id","voice_id")
);
--> statement-breakpoint
DROP INDEX "history_items_workspace_voice_idx";--> statement-breakpoint
ALTER TABLE "history_item_voices" ADD CONSTRAINT "history_item_voices_history_item_id_history_items_id_fk" FOREIGN KEY ("history_item_id") REFERENCES "public"."history_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_item_voices_workspace_voice_created_idx" ON "history_item_voices" USING btree ("workspace_id","voice_id","created_at" DESC NULLS LAST,"history_item_id" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written (decision 025): the voices of each inserted item, once per statement, so bulk inserts pay one pass.
CREATE FUNCTION "history_item_voices_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "history_item_voices" ("history_item_id", "workspace_id", "voice_id", "created_at")
  SELECT DISTINCT n."id", n."workspace_id", v."voice_id", n."created_at"
  FROM "new_history_items" n
  CROSS JOIN LATERAL (
    SELECT n."voice_id" WHERE n."voice_id" IS NOT NULL
    UNION
    SELECT l ->> 'voice_id'
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(n."dialogue") = 'array' THEN n."dialogue" ELSE '[]'::jsonb END) l
    WHERE l ->> 'voice_id' IS NOT NULL
  ) v("voice_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "history_item_voices_fill" AFTER INSERT ON "history_items"
  REFERENCING NEW TABLE AS "new_history_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "history_item_voices_fill"();--> statement-breakpoint
INSERT INTO "history_item_voices" ("history_item_id", "workspace_id", "voice_id", "created_at")
SELECT DISTINCT h."id", h."workspace_id", v."voice_id", h."created_at"
FROM "history_items" h
CROSS JOIN LATERAL (
  SELECT h."voice_id" WHERE h."voice_id" IS NOT NULL
  UNION
  SELECT l ->> 'voice_id'
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(h."dialogue") = 'array' THEN h."dialogue" ELSE '[]'::jsonb END) l
  WHERE l ->> 'voice_id' IS NOT NULL
) v("voice_id");
