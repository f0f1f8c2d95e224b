-- Trigger on suppressions (AFTER INSERT OR UPDATE OF reason OR DELETE): the feed's `suppression.added`
-- (added, or its reason replaced by a bounce or complaint) and `suppression.removed`. Rows removed with their
-- account (account deletion) record nothing.
-- Current definition, as migration 0019_event_feed made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION account_events_from_suppressions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO account_events (account_id, id, type, object_type, object_id, detail)
    SELECT OLD.account_id, account_event_id(), 'suppression.removed', 'suppression', OLD.email,
           jsonb_build_object('email', OLD.email, 'reason', OLD.reason)
     WHERE EXISTS (SELECT 1 FROM accounts WHERE id = OLD.account_id);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.reason IS NOT DISTINCT FROM OLD.reason THEN
    RETURN NULL;
  END IF;
  INSERT INTO account_events (account_id, id, type, object_type, object_id, detail)
  VALUES (NEW.account_id, account_event_id(), 'suppression.added', 'suppression', NEW.email,
          jsonb_build_object('email', NEW.email, 'reason', NEW.reason, 'messageId', NEW.message_id));
  RETURN NULL;
END $$;
