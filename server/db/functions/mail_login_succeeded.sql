-- A right password: the attempt's counts are taken back (in the window that is open), and the address is
-- remembered for the mailbox for p_known_days.
-- Current definition, as migration 0017_mail_login_budget made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION mail_login_succeeded(p_user text, p_remote text, p_known_days integer)
RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_user text := lower(coalesce(p_user, ''));
  v_subject text := mail_login_subject(p_remote);
BEGIN
  UPDATE rate_limit_buckets SET count = greatest(count - 1, 0)
  WHERE key IN ('smtpAuthFailuresPerIp:' || v_subject, 'mailLoginFailuresPerMailbox:' || v_user)
    AND expires_at > clock_timestamp();
  IF position('@' IN v_user) > 0 THEN
    INSERT INTO rate_limit_buckets AS bucket (key, window_start, count, expires_at)
    VALUES ('mailLoginKnownAddress:' || v_user || '|' || v_subject, clock_timestamp(), 1,
            clock_timestamp() + make_interval(days => p_known_days))
    ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at;
  END IF;
  RETURN true;
END
$$;
