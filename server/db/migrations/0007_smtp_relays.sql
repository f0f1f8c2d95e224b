CREATE TABLE "smtp_relays" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text,
	"password_sealed" text,
	"encryption" text DEFAULT 'starttls' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"last_tested_at" timestamp with time zone,
	"last_test_ok" boolean,
	"last_test_error" text,
	"last_test_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smtp_relays_port_range" CHECK ("smtp_relays"."port" between 1 and 65535),
	CONSTRAINT "smtp_relays_encryption" CHECK ("smtp_relays"."encryption" in ('none', 'starttls', 'ssl_tls')),
	CONSTRAINT "smtp_relays_status" CHECK ("smtp_relays"."status" in ('active', 'inactive')),
	CONSTRAINT "smtp_relays_credentials_pair" CHECK (("smtp_relays"."username" is null) = ("smtp_relays"."password_sealed" is null))
);
--> statement-breakpoint
ALTER TABLE "smtp_relays" ADD CONSTRAINT "smtp_relays_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smtp_relays_account_idx" ON "smtp_relays" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "smtp_relays_one_default_per_account" ON "smtp_relays" USING btree ("account_id") WHERE "smtp_relays"."is_default";