-- Trigger on dmarc_reports (AFTER INSERT): the feed's `domain.dmarc_report` event, in the transaction that stores
-- the report, so a report is in the feed exactly when it is stored (docs/deliverability.md, "DMARC reports").
-- Current definition, as migration 0037_dmarc_reports made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION account_events_from_dmarc_reports() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, id, type, object_type, object_id, domain, detail)
  SELECT NEW.account_id, account_event_id(), 'domain.dmarc_report', 'domain', NEW.domain_id, d.name,
         jsonb_build_object('name', d.name, 'reportId', NEW.id, 'reporter', NEW.reporter,
                            'begin', to_char(NEW.begin_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                            'end', to_char(NEW.end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                            'messages', NEW.messages, 'passedMessages', NEW.passed_messages)
    FROM sending_domains d
   WHERE d.id = NEW.domain_id;
  RETURN NULL;
END $$;
