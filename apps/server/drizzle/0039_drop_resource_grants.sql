-- Decision 215: a shareable resource's grants go with it. One statement-level trigger per resource table
-- deletes the grants of the rows a statement removed (its transition table), so every way a resource goes
-- (its delete route, a bulk delete, a job, a cascade from its workspace) leaves no grant behind.
CREATE OR REPLACE FUNCTION vocalis_drop_resource_grants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM workspace_resource_grants g
  USING gone
  WHERE g.workspace_id = gone.workspace_id
    AND g.resource_type = TG_ARGV[0]
    AND g.resource_id = gone.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER voices_drop_grants AFTER DELETE ON voices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vocalis_drop_resource_grants('voice');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER history_items_drop_grants AFTER DELETE ON history_items
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vocalis_drop_resource_grants('history_item');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER studio_projects_drop_grants AFTER DELETE ON studio_projects
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vocalis_drop_resource_grants('studio_projects');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pronunciation_dictionaries_drop_grants AFTER DELETE ON pronunciation_dictionaries
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
  EXECUTE FUNCTION vocalis_drop_resource_grants('pronunciation_dictionary');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER dubs_drop_grants AFTER DELETE ON dubs
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vocalis_drop_resource_grants('dubbing');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER convai_agents_drop_grants AFTER DELETE ON convai_agents
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vocalis_drop_resource_grants('convai_agents');
--> statement-breakpoint
-- Grants left behind by resources deleted before this migration.
DELETE FROM workspace_resource_grants g WHERE NOT EXISTS (
  SELECT 1 FROM voices r WHERE g.resource_type = 'voice' AND r.id = g.resource_id
  UNION ALL SELECT 1 FROM history_items r WHERE g.resource_type = 'history_item' AND r.id = g.resource_id
  UNION ALL SELECT 1 FROM studio_projects r WHERE g.resource_type = 'studio_projects' AND r.id = g.resource_id
  UNION ALL SELECT 1 FROM pronunciation_dictionaries r
    WHERE g.resource_type = 'pronunciation_dictionary' AND r.id = g.resource_id
  UNION ALL SELECT 1 FROM dubs r WHERE g.resource_type = 'dubbing' AND r.id = g.resource_id
  UNION ALL SELECT 1 FROM convai_agents r WHERE g.resource_type = 'convai_agents' AND r.id = g.resource_id
);
