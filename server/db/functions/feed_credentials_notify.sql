-- Trigger on api_keys and accounts (sessions have feed_session_credentials_notify since migration 0033): an
-- API key that stops working, or an account going away, tells every instance at commit, so the streams and long polls opened with it end at once
-- (server/services/events/feed-watcher.ts); the payload is the account. The trigger's argument names the
-- column holding the account id.
-- Current definition, as migration 0027_feed_credentials made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION feed_credentials_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('feed_credentials',
    (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0]);
  RETURN NULL;
END $$;
