CREATE TABLE "mailbox_events" (
	"mailbox_id" text NOT NULL,
	"type" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
-- Every event reaches the feed from a trigger (docs/architecture.md, "The event feed"): mailbox events too, from
-- this table of their own. The row is dropped once the event is written (BEFORE INSERT, RETURN NULL), as
-- Dovecot's dict tables are (0015): the event in the feed is the record.
CREATE FUNCTION account_events_from_mailbox_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, id, type, object_type, object_id, domain, mailbox, detail)
  SELECT m.account_id, account_event_id(), 'mailbox.' || NEW.type, 'mailbox', m.id, split_part(m.address, '@', 2), m.address,
         jsonb_build_object('mailbox', m.address) || NEW.detail
    FROM mailboxes m
   WHERE m.id = NEW.mailbox_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_events_from_mailbox_events BEFORE INSERT ON mailbox_events
  FOR EACH ROW EXECUTE FUNCTION account_events_from_mailbox_events();
