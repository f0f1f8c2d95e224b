CREATE TABLE "reputation_warnings" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"domain_id" text NOT NULL,
	"metric" text NOT NULL,
	"rate" double precision NOT NULL,
	"threshold" double precision NOT NULL,
	"sent" bigint NOT NULL,
	"affected" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reputation_warnings" ADD CONSTRAINT "reputation_warnings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reputation_warnings" ADD CONSTRAINT "reputation_warnings_domain_id_sending_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."sending_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reputation_warnings_domain_idx" ON "reputation_warnings" USING btree ("domain_id","metric","created_at");--> statement-breakpoint
CREATE FUNCTION account_events_from_reputation_warnings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, id, type, object_type, object_id, domain, detail)
  SELECT NEW.account_id, account_event_id(), 'domain.reputation_warning', 'domain', NEW.domain_id, d.name,
         jsonb_build_object('name', d.name, 'metric', NEW.metric, 'rate', NEW.rate, 'threshold', NEW.threshold, 'sent', NEW.sent)
    FROM sending_domains d
   WHERE d.id = NEW.domain_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_events_from_reputation_warnings AFTER INSERT ON reputation_warnings
  FOR EACH ROW EXECUTE FUNCTION account_events_from_reputation_warnings();
