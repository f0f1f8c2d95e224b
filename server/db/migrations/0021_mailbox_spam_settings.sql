CREATE TABLE "mailbox_spam_settings" (
	"mailbox_id" text PRIMARY KEY NOT NULL,
	"action" text DEFAULT 'junk' NOT NULL,
	"allow" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"block" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailbox_spam_settings" ADD CONSTRAINT "mailbox_spam_settings_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;