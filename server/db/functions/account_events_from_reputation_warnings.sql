-- Trigger on reputation_warnings (AFTER INSERT): the feed's `domain.reputation_warning`, in the transaction that
-- records the warning (docs/deliverability.md, "Reputation warnings").
-- Current definition, as migration 0038_reputation_warnings made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION account_events_from_reputation_warnings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, id, type, object_type, object_id, domain, detail)
  SELECT NEW.account_id, account_event_id(), 'domain.reputation_warning', 'domain', NEW.domain_id, d.name,
         jsonb_build_object('name', d.name, 'metric', NEW.metric, 'rate', NEW.rate, 'threshold', NEW.threshold, 'sent', NEW.sent)
    FROM sending_domains d
   WHERE d.id = NEW.domain_id;
  RETURN NULL;
END $$;
