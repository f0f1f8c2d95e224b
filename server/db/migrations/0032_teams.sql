CREATE TABLE "account_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "account_invitations_role_check" CHECK ("account_invitations"."role" in ('admin', 'developer', 'billing', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "account_members" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"member_account_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_members_role_check" CHECK ("account_members"."role" in ('admin', 'developer', 'billing', 'viewer')),
	CONSTRAINT "account_members_not_self_check" CHECK ("account_members"."account_id" <> "account_members"."member_account_id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "require_two_factor_for_members" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_account_id" text;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_invited_by_account_id_accounts_id_fk" FOREIGN KEY ("invited_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_members" ADD CONSTRAINT "account_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_members" ADD CONSTRAINT "account_members_member_account_id_accounts_id_fk" FOREIGN KEY ("member_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_token_hash_key" ON "account_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_invitations_account_idx" ON "account_invitations" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_members_account_member_key" ON "account_members" USING btree ("account_id","member_account_id");--> statement-breakpoint
CREATE INDEX "account_members_member_idx" ON "account_members" USING btree ("member_account_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_account_id_accounts_id_fk" FOREIGN KEY ("acting_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_acting_account_id_idx" ON "sessions" USING btree ("acting_account_id");