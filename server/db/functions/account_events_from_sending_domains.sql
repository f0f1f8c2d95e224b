-- Trigger on sending_domains (AFTER UPDATE OF status, when it becomes verified or failed): the feed's
-- `domain.<status>` event.
-- Current definition, as migration 0019_event_feed made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION account_events_from_sending_domains() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, id, type, object_type, object_id, domain, detail)
  VALUES (NEW.account_id, account_event_id(), 'domain.' || NEW.status, 'domain', NEW.id, NEW.name,
          jsonb_build_object('name', NEW.name, 'previousStatus', OLD.status));
  RETURN NULL;
END $$;
