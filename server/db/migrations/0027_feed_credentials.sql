-- A session or API key that stops working, or an account going away, tells every instance at commit, so the
-- streams and long polls opened with it end at once (server/services/events/feed-watcher.ts); the payload is
-- the account, whose open connections re-check their credential. The trigger's argument names the column
-- holding the account id.
CREATE FUNCTION feed_credentials_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('feed_credentials',
    (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_feed_credentials AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION feed_credentials_notify('account_id');
--> statement-breakpoint
CREATE TRIGGER sessions_feed_credentials_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION feed_credentials_notify('account_id');
--> statement-breakpoint
CREATE TRIGGER api_keys_feed_credentials AFTER UPDATE OF revoked_at ON api_keys
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION feed_credentials_notify('account_id');
--> statement-breakpoint
CREATE TRIGGER api_keys_feed_credentials_deleted AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION feed_credentials_notify('account_id');
--> statement-breakpoint
CREATE TRIGGER accounts_feed_credentials AFTER UPDATE OF deletion_scheduled_for, session_timeout_minutes ON accounts
  FOR EACH ROW WHEN (NEW.deletion_scheduled_for IS NOT NULL AND OLD.deletion_scheduled_for IS NULL
                     OR NEW.session_timeout_minutes < OLD.session_timeout_minutes)
  EXECUTE FUNCTION feed_credentials_notify('id');
--> statement-breakpoint
CREATE TRIGGER accounts_feed_credentials_deleted AFTER DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION feed_credentials_notify('id');
