-- Trigger on account_events (AFTER INSERT): wakes live readers of every instance through NOTIFY (sent at
-- commit, once per account and transaction).
-- Current definition, as migration 0019_event_feed made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION account_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('account_events', NEW.account_id);
  RETURN NULL;
END $$;
