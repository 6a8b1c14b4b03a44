-- Decision 041: API-key callers are cached in memory by every server process. Any change that could alter
-- an admitted caller (key, owner's account state and current workspace, the workspace's tier, owner and
-- inactivity timeout, memberships) notifies `vocalis_principal`, and every process empties its cache.
-- Statement-level: one notification per statement (and PostgreSQL folds repeats within a transaction).
CREATE OR REPLACE FUNCTION vocalis_principal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vocalis_principal', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_principal_changed
  AFTER UPDATE OF user_id, key_hash, permissions, disabled OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION vocalis_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_profiles_principal_changed
  AFTER UPDATE OF account_state, workspace_id OR DELETE ON user_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION vocalis_principal_changed();
--> statement-breakpoint
CREATE TRIGGER workspaces_principal_changed
  AFTER UPDATE OF subscription_tier, owner_id, session_inactivity_timeout OR DELETE ON workspaces
  FOR EACH STATEMENT EXECUTE FUNCTION vocalis_principal_changed();
--> statement-breakpoint
CREATE TRIGGER workspace_members_principal_changed
  AFTER INSERT OR UPDATE OR DELETE ON workspace_members
  FOR EACH STATEMENT EXECUTE FUNCTION vocalis_principal_changed();
