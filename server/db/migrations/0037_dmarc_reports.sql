CREATE TABLE "dmarc_report_rows" (
	"report_id" text NOT NULL,
	"position" integer NOT NULL,
	"source_ip" text NOT NULL,
	"reverse_name" text,
	"count" bigint NOT NULL,
	"disposition" text NOT NULL,
	"dkim_aligned" boolean NOT NULL,
	"spf_aligned" boolean NOT NULL,
	"header_from" text,
	"dkim_results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spf_results" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dmarc_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"domain_id" text NOT NULL,
	"reporter" text NOT NULL,
	"reporter_email" text,
	"report_id" text NOT NULL,
	"begin_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"policy" jsonb NOT NULL,
	"messages" bigint NOT NULL,
	"passed_messages" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dmarc_report_rows" ADD CONSTRAINT "dmarc_report_rows_report_id_dmarc_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."dmarc_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dmarc_reports" ADD CONSTRAINT "dmarc_reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dmarc_reports" ADD CONSTRAINT "dmarc_reports_domain_id_sending_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."sending_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dmarc_report_rows_report_idx" ON "dmarc_report_rows" USING btree ("report_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "dmarc_reports_once_key" ON "dmarc_reports" USING btree ("domain_id",lower("reporter"),"report_id");--> statement-breakpoint
CREATE INDEX "dmarc_reports_domain_end_idx" ON "dmarc_reports" USING btree ("domain_id","end_at");--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER account_events_from_dmarc_reports AFTER INSERT ON dmarc_reports
  FOR EACH ROW EXECUTE FUNCTION account_events_from_dmarc_reports();
