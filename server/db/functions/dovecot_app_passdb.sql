-- Dovecot's passdb for app passwords (docs/mailboxes.md, "Dovecot"; version 1 of its interface): an app password
-- that allows the protocol, found by the SHA-256 of the password the client sent (Dovecot's %w), then verified
-- again by Dovecot against the returned hash. ManageSieve logins (`sieve`) go with IMAP.
-- Current definition, as migration 0022_mailbox_rules made it; to change it, see docs/architecture.md ("SQL functions").
CREATE OR REPLACE FUNCTION dovecot_app_passdb(p_user text, p_secret text, p_protocol text)
RETURNS TABLE (username text, password text)
LANGUAGE sql STABLE AS $$
  SELECT t.address, a.secret_hash
  FROM mailbox_login_target(p_user, p_protocol) t
  JOIN mailbox_app_passwords a ON a.mailbox_id = t.mailbox_id
  WHERE a.secret_hash = '{SHA256.HEX}' || encode(sha256(convert_to(p_secret, 'UTF8')), 'hex')
    AND a.protocols ? (CASE p_protocol WHEN 'sieve' THEN 'imap' ELSE p_protocol END)
$$;
