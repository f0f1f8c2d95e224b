-- One hit on a fixed-window counter (a row of rate_limit_buckets); the count after it.
-- Current definition, as migration 0017_mail_login_budget made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION mail_login_hit(p_key text, p_window_seconds integer)
RETURNS integer
LANGUAGE sql VOLATILE AS $$
  INSERT INTO rate_limit_buckets AS bucket (key, window_start, count, expires_at)
  VALUES (p_key, clock_timestamp(), 1, clock_timestamp() + make_interval(secs => p_window_seconds))
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN bucket.expires_at > excluded.window_start THEN bucket.count + 1 ELSE 1 END,
    window_start = CASE WHEN bucket.expires_at > excluded.window_start THEN bucket.window_start ELSE excluded.window_start END,
    expires_at = CASE WHEN bucket.expires_at > excluded.window_start THEN bucket.expires_at ELSE excluded.expires_at END
  RETURNING count
$$;
