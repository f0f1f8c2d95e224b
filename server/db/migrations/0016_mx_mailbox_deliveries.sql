CREATE TABLE "mx_mailbox_deliveries" (
	"digest" text NOT NULL,
	"mailbox" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mx_mailbox_deliveries_digest_mailbox_pk" PRIMARY KEY("digest","mailbox")
);
--> statement-breakpoint
CREATE INDEX "mx_mailbox_deliveries_delivered_at_idx" ON "mx_mailbox_deliveries" USING btree ("delivered_at");