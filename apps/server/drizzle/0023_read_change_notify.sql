-- Decision 043: the rows of the hot reads are cached in memory by every server process. Every change to a
-- table that a cached read may use notifies `vocalis_reads`, and every process empties its read cache.
-- Statement-level: one notification per statement (PostgreSQL folds repeats within a transaction).
-- Operational tables that no cached read uses are left out (write-tap.ts UNCACHED_TABLES); a test checks
-- that every other table has the trigger, so a later migration that adds a table calls
-- vocalis_watch_reads('<table>').
CREATE OR REPLACE FUNCTION vocalis_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vocalis_reads', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vocalis_watch_reads(target text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'CREATE OR REPLACE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
    'FOR EACH STATEMENT EXECUTE FUNCTION vocalis_reads_changed()',
    target || '_reads_changed', target);
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT IN ('server_nodes', 'rate_limits', 'sessions', 'verifications', 'jwks',
        'mail_messages', 'sms_messages', 'device_fingerprints', 'ad_visits', 'billing_idempotency_keys',
        'billing_webhook_events')
  LOOP
    PERFORM vocalis_watch_reads(t);
  END LOOP;
END
$$;
