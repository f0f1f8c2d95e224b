CREATE TABLE "domain_spam_lists" (
	"domain_id" text PRIMARY KEY NOT NULL,
	"allow" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"block" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_spam_lists" ADD CONSTRAINT "domain_spam_lists_domain_id_sending_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."sending_domains"("id") ON DELETE cascade ON UPDATE no action;