-- Counts one login attempt before its password is looked at, and says whether the password may be checked
-- (docs/security.md, "Mail logins"). Counted first, so concurrent attempts can never all see "one left"; a
-- right password takes its counts back (mail_login_succeeded). An address past its limit is refused outright.
-- A mailbox past its budget is refused to every address except those it was logged in from lately. SMTP's
-- shared `apikey` username has no budget (it is every customer's).
-- Current definition, as migration 0017_mail_login_budget made it; to change it, see docs/architecture.md ("SQL functions").
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
