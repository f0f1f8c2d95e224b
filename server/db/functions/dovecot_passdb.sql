-- Dovecot's passdb for a mailbox's own password (docs/mailboxes.md, "Dovecot"; version 1 of its interface):
-- who may log in is mailbox_login_target's rule.
-- Current definition, as migration 0018_mail_login_rule made it; to change it, see docs/architecture.md ("SQL functions").
CREATE OR REPLACE FUNCTION dovecot_passdb(p_user text, p_protocol text)
RETURNS TABLE (username text, password text)
LANGUAGE sql STABLE AS $$
  SELECT t.address, t.password_hash FROM mailbox_login_target(p_user, p_protocol) t
$$;
