-- Who may log in to a mailbox (docs/mailboxes.md, "Who may log in"), written once for every door: Dovecot's
-- passdb functions (IMAP, POP3, ManageSieve) and the submission listener (SMTP). The mailbox with the protocol
-- switched on (sieve goes with IMAP), of an account that is not scheduled for deletion.
-- Current definition, as migration 0022_mailbox_rules made it; to change it, see docs/architecture.md ("SQL functions").
CREATE OR REPLACE FUNCTION mailbox_login_target(p_user text, p_protocol text)
RETURNS TABLE (mailbox_id text, address text, account_id text, password_hash text)
LANGUAGE sql STABLE AS $$
  SELECT m.id, m.address, m.account_id, m.password_hash
  FROM mailboxes m
  JOIN accounts a ON a.id = m.account_id
  WHERE m.address = lower(p_user)
    AND a.deletion_scheduled_for IS NULL
    AND CASE p_protocol
          WHEN 'imap' THEN m.imap_enabled
          WHEN 'sieve' THEN m.imap_enabled
          WHEN 'pop3' THEN m.pop3_enabled
          WHEN 'smtp' THEN m.smtp_enabled
          ELSE false
        END
$$;
