-- A new event id (evt_ and 32 hex digits) for the feed's rows (docs/events.md).
-- Current definition, as migration 0019_event_feed made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION account_event_id() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'evt_' || replace(gen_random_uuid()::text, '-', '')
$$;
