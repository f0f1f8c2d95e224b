-- Takes a place for one event stream or waiting long poll (docs/events.md, "Limits"), or refuses past a limit:
-- NULL when taken, else the limit that refused ('credential' or 'account'). One call per connection, and
-- concurrent calls for an account cannot both take the last place: the advisory lock makes them run one after
-- another, and each statement below reads a fresh snapshot, taken after the previous holder committed.
-- Current definition, as migration 0028_feed_connections made it; to change it, see docs/architecture.md ("SQL functions").
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
