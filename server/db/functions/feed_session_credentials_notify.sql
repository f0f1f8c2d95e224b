-- Trigger on sessions: a session that stops working tells every instance at commit, so the streams and long
-- polls opened with it end at once (server/services/events/feed-watcher.ts); the payload is the account the
-- session acts in (a team's, for a member), whose readers watch it.
-- Current definition, as migration 0033_team_feed_credentials made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION feed_session_credentials_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('feed_credentials', COALESCE(OLD.acting_account_id, OLD.account_id));
  ELSE
    PERFORM pg_notify('feed_credentials', COALESCE(NEW.acting_account_id, NEW.account_id));
  END IF;
  RETURN NULL;
END $$;
