-- Trigger on dovecot_last_logins (BEFORE INSERT OR UPDATE): copies the time of the last IMAP or POP3 login
-- onto the mailbox and drops the row, so the table Dovecot's dict writes stays empty.
-- Current definition, as migration 0015_dovecot_views made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION dovecot_copy_last_login() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.last_login IS NOT NULL THEN
    UPDATE mailboxes SET last_login_at = to_timestamp(NEW.last_login) WHERE address = NEW.username;
  END IF;
  RETURN NULL;
END
$$;
