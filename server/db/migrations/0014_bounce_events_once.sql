-- Earlier duplicates (none expected) would block the unique index: keep the first of each.
DELETE FROM "message_events" AS "later" USING "message_events" AS "earlier"
 WHERE "later"."type" in ('bounced', 'complained') AND "earlier"."type" = "later"."type"
   AND "earlier"."message_id" = "later"."message_id"
   AND lower("earlier"."detail"->>'recipient') = lower("later"."detail"->>'recipient')
   AND coalesce("earlier"."detail"->>'bounceType', '') = coalesce("later"."detail"->>'bounceType', '')
   AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id");
--> statement-breakpoint
CREATE UNIQUE INDEX "message_events_feedback_once_idx" ON "message_events" USING btree ("message_id","type",lower("detail"->>'recipient'),coalesce("detail"->>'bounceType', '')) WHERE "message_events"."type" in ('bounced', 'complained');
