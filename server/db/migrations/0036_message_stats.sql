CREATE TABLE "message_stats" (
	"account_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"domain_id" text NOT NULL,
	"provider" text NOT NULL,
	"tag" text NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"deferred" bigint DEFAULT 0 NOT NULL,
	"bounced" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"complained" bigint DEFAULT 0 NOT NULL,
	"opened" bigint DEFAULT 0 NOT NULL,
	"clicked" bigint DEFAULT 0 NOT NULL,
	"unsubscribed" bigint DEFAULT 0 NOT NULL,
	"suppressed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_stats_account_id_hour_domain_id_provider_tag_pk" PRIMARY KEY("account_id","hour","domain_id","provider","tag")
);
--> statement-breakpoint
CREATE TABLE "message_stats_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"domain_id" text NOT NULL,
	"provider" text NOT NULL,
	"tag" text NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"deferred" bigint DEFAULT 0 NOT NULL,
	"bounced" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"complained" bigint DEFAULT 0 NOT NULL,
	"opened" bigint DEFAULT 0 NOT NULL,
	"clicked" bigint DEFAULT 0 NOT NULL,
	"unsubscribed" bigint DEFAULT 0 NOT NULL,
	"suppressed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipient_providers" (
	"domain" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_providers_provider_check" CHECK ("recipient_providers"."provider" in ('gmail', 'microsoft', 'yahoo', 'apple', 'other'))
);
--> statement-breakpoint
ALTER TABLE "message_stats" ADD CONSTRAINT "message_stats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_stats_pending" ADD CONSTRAINT "message_stats_pending_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_stats_pending_account_idx" ON "message_stats_pending" USING btree ("account_id","hour");--> statement-breakpoint
CREATE FUNCTION message_stats_from_message_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_stats_pending (account_id, hour, domain_id, provider, tag, sent, delivered, deferred, bounced, failed,
                                     complained, opened, clicked, unsubscribed, suppressed)
  SELECT m.account_id, date_trunc('hour', e.created_at, 'UTC'), coalesce(m.domain_id, ''), coalesce(p.provider, 'other'), t.tag,
         count(*) FILTER (WHERE e.type = 'sent'),
         count(*) FILTER (WHERE e.type = 'delivered'),
         count(*) FILTER (WHERE e.type IN ('deferred', 'delivery_delayed')),
         count(*) FILTER (WHERE e.type = 'bounced'),
         count(*) FILTER (WHERE e.type IN ('failed', 'expired')),
         count(*) FILTER (WHERE e.type = 'complained'),
         count(*) FILTER (WHERE e.type = 'opened'),
         count(*) FILTER (WHERE e.type = 'clicked'),
         count(*) FILTER (WHERE e.type = 'unsubscribed'),
         count(*) FILTER (WHERE e.type = 'suppressed')
    FROM inserted e
    JOIN messages m ON m.id = e.message_id
    -- Each recipient an event names: a list (sent, failed, delivery_delayed at hand-off), one, or for opens and
    -- clicks (which name none) the message's first.
    CROSS JOIN LATERAL jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(e.detail->'recipients') = 'array' THEN e.detail->'recipients'
           ELSE jsonb_build_array(coalesce(e.detail->>'recipient', m.to_addresses->>0)) END) AS r(address)
    LEFT JOIN recipient_providers p ON p.domain = lower(substring(r.address FROM '@([^@<>[:space:]]+)>?[[:space:]]*$'))
    CROSS JOIN LATERAL (
      SELECT '' AS tag
      UNION SELECT tag->>'name' FROM jsonb_array_elements(m.tags) tag
      UNION SELECT (tag->>'name') || ':' || (tag->>'value') FROM jsonb_array_elements(m.tags) tag
    ) t
   WHERE e.type IN ('sent', 'delivered', 'deferred', 'delivery_delayed', 'bounced', 'failed', 'expired', 'complained',
                    'opened', 'clicked', 'unsubscribed', 'suppressed')
   GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER message_stats_from_message_events AFTER INSERT ON message_events
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION message_stats_from_message_events();
--> statement-breakpoint
-- The events recorded before this migration, counted once into the rollup (all under provider `other`: no domain
-- had been looked up yet).
INSERT INTO message_stats (account_id, hour, domain_id, provider, tag, sent, delivered, deferred, bounced, failed,
                           complained, opened, clicked, unsubscribed, suppressed)
SELECT m.account_id, date_trunc('hour', e.created_at, 'UTC'), coalesce(m.domain_id, ''), 'other', t.tag,
       coalesce(sum(r.n) FILTER (WHERE e.type = 'sent'), 0),
       count(*) FILTER (WHERE e.type = 'delivered'),
       coalesce(sum(r.n) FILTER (WHERE e.type IN ('deferred', 'delivery_delayed')), 0),
       count(*) FILTER (WHERE e.type = 'bounced'),
       coalesce(sum(r.n) FILTER (WHERE e.type IN ('failed', 'expired')), 0),
       count(*) FILTER (WHERE e.type = 'complained'),
       count(*) FILTER (WHERE e.type = 'opened'),
       count(*) FILTER (WHERE e.type = 'clicked'),
       0,
       count(*) FILTER (WHERE e.type = 'suppressed')
  FROM message_events e
  JOIN messages m ON m.id = e.message_id
  CROSS JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(e.detail->'recipients') = 'array'
                                  THEN jsonb_array_length(e.detail->'recipients') ELSE 1 END AS n) r
  CROSS JOIN LATERAL (
    SELECT '' AS tag
    UNION SELECT tag->>'name' FROM jsonb_array_elements(m.tags) tag
    UNION SELECT (tag->>'name') || ':' || (tag->>'value') FROM jsonb_array_elements(m.tags) tag
  ) t
 WHERE e.type IN ('sent', 'delivered', 'deferred', 'delivery_delayed', 'bounced', 'failed', 'expired', 'complained',
                  'opened', 'clicked', 'suppressed')
 GROUP BY 1, 2, 3, 4, 5;
