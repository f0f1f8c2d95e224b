-- Who may log in to a mailbox (docs/mailboxes.md, "Who may log in"): written
-- once, here, for every door. Dovecot's passdb functions (IMAP, POP3) and the
-- submission listener (SMTP) all read mailbox_login_target: the mailbox with
-- the protocol switched on, of an account that is not scheduled for deletion.
-- The functions Dovecot calls keep their names and columns (version 1).
CREATE FUNCTION mailbox_login_target(p_user text, p_protocol text)
RETURNS TABLE (mailbox_id text, address text, account_id text, password_hash text)
LANGUAGE sql STABLE AS $$
  SELECT m.id, m.address, m.account_id, m.password_hash
  FROM mailboxes m
  JOIN accounts a ON a.id = m.account_id
  WHERE m.address = lower(p_user)
    AND a.deletion_scheduled_for IS NULL
    AND CASE p_protocol
          WHEN 'imap' THEN m.imap_enabled
          WHEN 'pop3' THEN m.pop3_enabled
          WHEN 'smtp' THEN m.smtp_enabled
          ELSE false
        END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dovecot_passdb(p_user text, p_protocol text)
RETURNS TABLE (username text, password text)
LANGUAGE sql STABLE AS $$
  SELECT t.address, t.password_hash FROM mailbox_login_target(p_user, p_protocol) t
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dovecot_app_passdb(p_user text, p_secret text, p_protocol text)
RETURNS TABLE (username text, password text)
LANGUAGE sql STABLE AS $$
  SELECT t.address, a.secret_hash
  FROM mailbox_login_target(p_user, p_protocol) t
  JOIN mailbox_app_passwords a ON a.mailbox_id = t.mailbox_id
  WHERE a.secret_hash = '{SHA256.HEX}' || encode(sha256(convert_to(p_secret, 'UTF8')), 'hex')
    AND a.protocols ? p_protocol
$$;
