-- Trigger on message_events (AFTER INSERT): the feed's `message.<type>` event, in the writer's own statement (docs/events.md).
-- Current definition, as migration 0019_event_feed made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION account_events_from_message_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, id, type, object_type, object_id, domain, detail, created_at)
  SELECT m.account_id, account_event_id(), 'message.' || NEW.type, 'message', NEW.message_id, m.from_domain, NEW.detail, NEW.created_at
    FROM messages m
   WHERE m.id = NEW.message_id;
  RETURN NULL;
END $$;
