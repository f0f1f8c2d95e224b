-- Trigger on topic_subscriptions (AFTER INSERT OR UPDATE OF status): the feed's `subscription.changed`, in the
-- transaction that records the choice, so no door that changes a subscription can leave it out.
-- Current definition, as migration 0034_topics made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION account_events_from_topic_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  INSERT INTO account_events (account_id, id, type, object_type, object_id, detail)
  VALUES (NEW.account_id, account_event_id(), 'subscription.changed', 'subscription', NEW.email,
          jsonb_build_object('email', NEW.email, 'topicId', NEW.topic_id, 'status', NEW.status, 'source', NEW.source));
  RETURN NULL;
END $$;
