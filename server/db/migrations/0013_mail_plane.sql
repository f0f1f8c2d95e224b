CREATE TABLE "suppressions" (
	"account_id" text NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_account_id_email_pk" PRIMARY KEY("account_id","email")
);
--> statement-breakpoint
CREATE TABLE "mailbox_aliases" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"domain_id" text NOT NULL,
	"address" text NOT NULL,
	"destinations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_app_passwords" (
	"id" text PRIMARY KEY NOT NULL,
	"mailbox_id" text NOT NULL,
	"name" text NOT NULL,
	"protocols" jsonb NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailboxes" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"domain_id" text NOT NULL,
	"address" text NOT NULL,
	"name" text,
	"password_hash" text NOT NULL,
	"quota_bytes" bigint NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"imap_enabled" boolean DEFAULT true NOT NULL,
	"pop3_enabled" boolean DEFAULT true NOT NULL,
	"smtp_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sending_domain_records" ADD COLUMN "priority" integer;--> statement-breakpoint
ALTER TABLE "sending_domains" ADD COLUMN "receiving_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_aliases" ADD CONSTRAINT "mailbox_aliases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_aliases" ADD CONSTRAINT "mailbox_aliases_domain_id_sending_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."sending_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_app_passwords" ADD CONSTRAINT "mailbox_app_passwords_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_domain_id_sending_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."sending_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suppressions_account_created_idx" ON "suppressions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mailbox_aliases_address_key" ON "mailbox_aliases" USING btree ("address");--> statement-breakpoint
CREATE INDEX "mailbox_aliases_account_idx" ON "mailbox_aliases" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "mailbox_aliases_catch_all_idx" ON "mailbox_aliases" USING btree ("domain_id") WHERE "mailbox_aliases"."address" like '*@%';--> statement-breakpoint
CREATE INDEX "mailbox_app_passwords_mailbox_idx" ON "mailbox_app_passwords" USING btree ("mailbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_address_key" ON "mailboxes" USING btree ("address");--> statement-breakpoint
CREATE INDEX "mailboxes_account_idx" ON "mailboxes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "mailboxes_domain_idx" ON "mailboxes" USING btree ("domain_id");