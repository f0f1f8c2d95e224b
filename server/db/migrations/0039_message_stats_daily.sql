CREATE TABLE "message_stats_daily" (
	"account_id" text NOT NULL,
	"domain_id" text NOT NULL,
	"provider" text NOT NULL,
	"tag" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
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
	CONSTRAINT "message_stats_daily_account_id_day_domain_id_provider_tag_pk" PRIMARY KEY("account_id","day","domain_id","provider","tag")
);
--> statement-breakpoint
ALTER TABLE "message_stats_daily" ADD CONSTRAINT "message_stats_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The days of what the hourly rollup already holds; from now on the fold adds to both.
INSERT INTO message_stats_daily (account_id, domain_id, provider, tag, day, sent, delivered, deferred, bounced, failed,
                                 complained, opened, clicked, unsubscribed, suppressed)
SELECT account_id, domain_id, provider, tag, date_trunc('day', hour, 'UTC'), sum(sent), sum(delivered), sum(deferred), sum(bounced),
       sum(failed), sum(complained), sum(opened), sum(clicked), sum(unsubscribed), sum(suppressed)
  FROM message_stats
 GROUP BY account_id, domain_id, provider, tag, date_trunc('day', hour, 'UTC');
