CREATE TABLE "message_contents" (
	"message_id" text PRIMARY KEY NOT NULL,
	"envelope_from" text NOT NULL,
	"envelope_to" jsonb NOT NULL,
	"raw" "bytea",
	"html" text,
	"text" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_usage" (
	"account_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_usage_account_id_period_start_pk" PRIMARY KEY("account_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_message_id_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "message_ids" jsonb;--> statement-breakpoint
UPDATE "idempotency_keys" SET "message_ids" = jsonb_build_array("message_id");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "message_ids" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "kind" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_contents" ADD CONSTRAINT "message_contents_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_usage" ADD CONSTRAINT "message_usage_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Bodies of messages accepted before this table existed move here; their raw form is built when they are delivered.
INSERT INTO "message_contents" ("message_id", "envelope_from", "envelope_to", "raw", "html", "text")
SELECT "id", '', '[]'::jsonb, NULL, "html", "text" FROM "messages";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "message_id";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "html";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "text";