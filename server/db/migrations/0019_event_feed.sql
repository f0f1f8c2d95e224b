CREATE TABLE "account_events" (
	"account_id" text NOT NULL,
	"xact_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "account_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"type" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"domain" text,
	"mailbox" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "account_events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "account_events_horizon" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"xact_id" "xid8" NOT NULL,
	"seq" bigint NOT NULL,
	"pruned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_events_account_position_idx" ON "account_events" USING btree ("account_id","xact_id","seq");--> statement-breakpoint
CREATE INDEX "account_events_position_idx" ON "account_events" USING btree ("xact_id","seq");--> statement-breakpoint
CREATE INDEX "account_events_created_idx" ON "account_events" USING btree ("created_at");--> statement-breakpoint
-- The feed is written here, by triggers on the tables that already record what
-- happens (docs/events.md), in the writer's own statement: no writer can forget
-- an event and none pays an extra round trip. Each insert wakes live readers
-- of every instance through NOTIFY (sent at commit, once per account and transaction).
CREATE FUNCTION account_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('account_events', NEW.account_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_events_notify AFTER INSERT ON account_events FOR EACH ROW EXECUTE FUNCTION account_events_notify();
--> statement-breakpoint
CREATE FUNCTION account_event_id() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'evt_' || replace(gen_random_uuid()::text, '-', '')
$$;
--> statement-breakpoint
CREATE FUNCTION account_events_from_message_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, id, type, object_type, object_id, domain, detail, created_at)
  SELECT m.account_id, account_event_id(), 'message.' || NEW.type, 'message', NEW.message_id, m.from_domain, NEW.detail, NEW.created_at
    FROM messages m
   WHERE m.id = NEW.message_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_events_from_message_events AFTER INSERT ON message_events
  FOR EACH ROW EXECUTE FUNCTION account_events_from_message_events();
--> statement-breakpoint
-- Added (or its reason replaced by a bounce or complaint), removed. Rows removed
-- with their account (account deletion) record nothing.
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
--> statement-breakpoint
CREATE TRIGGER account_events_from_suppressions AFTER INSERT OR UPDATE OF reason OR DELETE ON suppressions
  FOR EACH ROW EXECUTE FUNCTION account_events_from_suppressions();
--> statement-breakpoint
CREATE FUNCTION account_events_from_sending_domains() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, id, type, object_type, object_id, domain, detail)
  VALUES (NEW.account_id, account_event_id(), 'domain.' || NEW.status, 'domain', NEW.id, NEW.name,
          jsonb_build_object('name', NEW.name, 'previousStatus', OLD.status));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_events_from_sending_domains AFTER UPDATE OF status ON sending_domains
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('verified', 'failed'))
  EXECUTE FUNCTION account_events_from_sending_domains();
