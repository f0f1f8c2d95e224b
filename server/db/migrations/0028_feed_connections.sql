CREATE TABLE "feed_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"credential" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_connections" ADD CONSTRAINT "feed_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_connections_account_idx" ON "feed_connections" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "feed_connections_credential_idx" ON "feed_connections" USING btree ("credential");--> statement-breakpoint
CREATE INDEX "feed_connections_lease_idx" ON "feed_connections" USING btree ("lease_until");
--> statement-breakpoint
-- Counters, not customer data: commits skip the WAL, and a PostgreSQL crash empties the table (as rate_limit_buckets, 0010).
ALTER TABLE "feed_connections" SET UNLOGGED;
--> statement-breakpoint
-- Takes a place for one event stream or waiting long poll (docs/events.md, "Limits"), or refuses past a limit:
-- NULL when taken, else the limit that refused ('credential' or 'account'). One call per connection, and
-- concurrent calls for an account cannot both take the last place: the advisory lock makes them run one after
-- another, and each statement below reads a fresh snapshot, taken after the previous holder committed.
CREATE FUNCTION acquire_feed_connection(p_id text, p_account_id text, p_credential text, p_lease_seconds integer,
                                        p_per_credential integer, p_per_account integer)
RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('feed_connections:' || p_account_id, 0));
  -- Left by an instance that stopped without closing them.
  DELETE FROM feed_connections WHERE account_id = p_account_id AND lease_until <= now();
  IF (SELECT count(*) FROM feed_connections WHERE credential = p_credential) >= p_per_credential THEN
    RETURN 'credential';
  END IF;
  IF (SELECT count(*) FROM feed_connections WHERE account_id = p_account_id) >= p_per_account THEN
    RETURN 'account';
  END IF;
  INSERT INTO feed_connections (id, account_id, credential, lease_until)
  VALUES (p_id, p_account_id, p_credential, now() + make_interval(secs => p_lease_seconds));
  RETURN NULL;
END $$;
