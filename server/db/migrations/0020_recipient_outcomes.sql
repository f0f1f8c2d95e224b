CREATE TABLE "message_recipients" (
	"message_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"remote_mta" text,
	"diagnostic" text,
	"tls" jsonb,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "message_recipients_message_id_email_pk" PRIMARY KEY("message_id","email")
);
--> statement-breakpoint
DROP INDEX "message_events_feedback_once_idx";--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_events_once_per_recipient_idx" ON "message_events" USING btree ("message_id","type",lower("detail"->>'recipient'),coalesce("detail"->>'bounceType', '')) WHERE "message_events"."type" in ('bounced', 'complained', 'delivered', 'expired');