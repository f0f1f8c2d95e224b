CREATE TABLE "template_versions" (
	"template_id" text NOT NULL,
	"version" integer NOT NULL,
	"subject" text,
	"html" text,
	"text" text,
	"variables" jsonb,
	"layout_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "templates_kind_check" CHECK ("templates"."kind" in ('template', 'layout'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "template_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "template_version" integer;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_layout_id_templates_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_versions_layout_idx" ON "template_versions" USING btree ("layout_id");--> statement-breakpoint
CREATE INDEX "templates_account_idx" ON "templates" USING btree ("account_id","created_at");