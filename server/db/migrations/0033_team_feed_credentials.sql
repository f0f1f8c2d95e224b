-- A session's readers watch the account it acts in (a team's, for a member), so the notice that ends them
-- names that account: a member removed from a team, or signed out, stops reading the team's feed at once.
CREATE FUNCTION feed_session_credentials_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('feed_credentials', COALESCE(OLD.acting_account_id, OLD.account_id));
  ELSE
    PERFORM pg_notify('feed_credentials', COALESCE(NEW.acting_account_id, NEW.account_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER sessions_feed_credentials ON sessions;
--> statement-breakpoint
DROP TRIGGER sessions_feed_credentials_deleted ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_feed_credentials AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION feed_session_credentials_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_feed_credentials_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION feed_session_credentials_notify();
