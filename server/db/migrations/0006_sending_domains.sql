CREATE TABLE "sending_domain_records" (
	"domain_id" text NOT NULL,
	"purpose" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"required" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_checked_at" timestamp with time zone,
	CONSTRAINT "sending_domain_records_domain_id_purpose_pk" PRIMARY KEY("domain_id","purpose")
);
--> statement-breakpoint
CREATE TABLE "sending_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ownership_token" text NOT NULL,
	"dkim_selector" text NOT NULL,
	"dkim_public_key" text NOT NULL,
	"dkim_private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sending_domain_records" ADD CONSTRAINT "sending_domain_records_domain_id_sending_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."sending_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_domains" ADD CONSTRAINT "sending_domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sending_domains_account_name_key" ON "sending_domains" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sending_domains_verified_name_key" ON "sending_domains" USING btree ("name") WHERE "sending_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "sending_domains_status_checked_idx" ON "sending_domains" USING btree ("status","last_checked_at");