-- Wrong mail logins (docs/security.md, "Mail logins"). Every door that takes
-- a mailbox password or an SMTP key calls these functions: the submission
-- listener through the service, Dovecot's SQL passdb for IMAP and POP3. So
-- the rules live here once, and an operator's Dovecot (DOVECOT=external) gets
-- them with the same queries. The counters are rows of rate_limit_buckets,
-- fixed windows that open at a subject's first hit, like the service's other
-- limits. Version 1 of this interface.

-- The subject a client address is counted under: IPv4 as it is (an
-- IPv4-mapped IPv6 address too), IPv6 by its /64, anything else as given.
CREATE FUNCTION mail_login_subject(p_remote text)
RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_remote ~* '^::ffff:[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' THEN substr(p_remote, 8)
    WHEN p_remote ~* '^[0-9a-f:.]+$' AND position(':' IN p_remote) > 0
      THEN host(network(set_masklen(p_remote::inet, 64))) || '/64'
    WHEN coalesce(p_remote, '') = '' THEN 'unknown'
    ELSE lower(p_remote)
  END
$$;
--> statement-breakpoint
-- One hit on a fixed-window counter; the count after it.
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
--> statement-breakpoint
-- Counts one login attempt before its password is looked at, and says
-- whether the password may be checked. Counted first, so concurrent attempts
-- can never all see "one left"; a right password takes its counts back
-- (mail_login_succeeded). An address past its limit is refused outright. A
-- mailbox past its budget is refused to every address except those it was
-- logged in from lately: guessing slows to nothing, while the owner's own
-- clients keep working. SMTP's shared `apikey` username has no budget (it is
-- every customer's).
CREATE FUNCTION mail_login_attempt(
  p_user text, p_remote text,
  p_address_limit integer, p_address_window integer,
  p_mailbox_limit integer, p_mailbox_window integer)
RETURNS TABLE (allowed boolean, address_failures integer, mailbox_failures integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_user text := lower(coalesce(p_user, ''));
  v_subject text := mail_login_subject(p_remote);
BEGIN
  address_failures := mail_login_hit('smtpAuthFailuresPerIp:' || v_subject, p_address_window);
  mailbox_failures := 0;
  IF address_failures > p_address_limit THEN
    allowed := false;
  ELSIF position('@' IN v_user) = 0 THEN
    allowed := true;
  ELSE
    mailbox_failures := mail_login_hit('mailLoginFailuresPerMailbox:' || v_user, p_mailbox_window);
    allowed := mailbox_failures <= p_mailbox_limit OR EXISTS (
      SELECT 1 FROM rate_limit_buckets
      WHERE key = 'mailLoginKnownAddress:' || v_user || '|' || v_subject AND expires_at > clock_timestamp());
  END IF;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
-- A right password: the attempt's counts are taken back (in the window that
-- is open), and the address is remembered for the mailbox for p_known_days.
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
