CREATE TABLE "topic_subscriptions" (
	"account_id" text NOT NULL,
	"email" text NOT NULL,
	"topic_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_subscriptions_account_id_email_topic_id_pk" PRIMARY KEY("account_id","email","topic_id"),
	CONSTRAINT "topic_subscriptions_status_check" CHECK ("topic_subscriptions"."status" in ('subscribed', 'unsubscribed')),
	CONSTRAINT "topic_subscriptions_source_check" CHECK ("topic_subscriptions"."source" in ('api', 'one_click', 'preference_page', 'mailto'))
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"default_subscription" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "topics_default_subscription_check" CHECK ("topics"."default_subscription" in ('opt_in', 'opt_out'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "topic_id" text;--> statement-breakpoint
ALTER TABLE "topic_subscriptions" ADD CONSTRAINT "topic_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_subscriptions" ADD CONSTRAINT "topic_subscriptions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topic_subscriptions_topic_idx" ON "topic_subscriptions" USING btree ("topic_id","status");--> statement-breakpoint
CREATE INDEX "topics_account_idx" ON "topics" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_account_name_key" ON "topics" USING btree ("account_id",lower("name")) WHERE "topics"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION account_events_from_topic_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  INSERT INTO account_events (account_id, id, type, object_type, object_id, detail)
  VALUES (NEW.account_id, account_event_id(), 'subscription.changed', 'subscription', NEW.email,
          jsonb_build_object('email', NEW.email, 'topicId', NEW.topic_id, 'status', NEW.status, 'source', NEW.source));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_events_from_topic_subscriptions AFTER INSERT OR UPDATE OF status ON topic_subscriptions
  FOR EACH ROW EXECUTE FUNCTION account_events_from_topic_subscriptions();
