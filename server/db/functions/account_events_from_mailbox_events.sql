-- Trigger on mailbox_events (BEFORE INSERT): the feed's `mailbox.<type>` event (received, forwarded,
-- vacation_sent), in the writer's own statement; the mailbox_events row itself is dropped.
-- Current definition, as migration 0029_mailbox_events made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION account_events_from_mailbox_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, id, type, object_type, object_id, domain, mailbox, detail)
  SELECT m.account_id, account_event_id(), 'mailbox.' || NEW.type, 'mailbox', m.id, split_part(m.address, '@', 2), m.address,
         jsonb_build_object('mailbox', m.address) || NEW.detail
    FROM mailboxes m
   WHERE m.id = NEW.mailbox_id;
  RETURN NULL;
END $$;
