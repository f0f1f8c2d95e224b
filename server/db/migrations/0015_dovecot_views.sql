-- What Dovecot reads and writes (docs/mailboxes.md, "Dovecot"). Its SQL
-- passdb/userdb call these functions, never the tables, so the tables can
-- change while an operator's Dovecot configuration (DOVECOT=external) stays the
-- same. Version 1 of this interface; a change that breaks those queries gets
-- new names beside the old ones.

-- A mailbox's own password, when the protocol (Dovecot's %s: imap, pop3) is on for it.
CREATE FUNCTION dovecot_passdb(p_user text, p_protocol text)
RETURNS TABLE (username text, password text)
LANGUAGE sql STABLE AS $$
  SELECT m.address, m.password_hash
  FROM mailboxes m
  WHERE m.address = lower(p_user)
    AND CASE p_protocol WHEN 'imap' THEN m.imap_enabled WHEN 'pop3' THEN m.pop3_enabled ELSE false END
$$;
--> statement-breakpoint
-- An app password that allows the protocol: found with one indexed lookup by
-- the SHA-256 of the password the client sent (Dovecot's %w), then verified
-- again by Dovecot against the returned hash.
CREATE FUNCTION dovecot_app_passdb(p_user text, p_secret text, p_protocol text)
RETURNS TABLE (username text, password text)
LANGUAGE sql STABLE AS $$
  SELECT m.address, a.secret_hash
  FROM mailbox_app_passwords a
  JOIN mailboxes m ON m.id = a.mailbox_id
  WHERE a.secret_hash = '{SHA256.HEX}' || encode(sha256(convert_to(p_secret, 'UTF8')), 'hex')
    AND m.address = lower(p_user)
    AND a.protocols ? p_protocol
    AND CASE p_protocol WHEN 'imap' THEN m.imap_enabled WHEN 'pop3' THEN m.pop3_enabled ELSE false END
$$;
--> statement-breakpoint
CREATE INDEX "mailbox_app_passwords_secret_idx" ON "mailbox_app_passwords" USING btree ("secret_hash");
--> statement-breakpoint
-- The mailbox's quota for Dovecot's quota plugin. Only a login of the mailbox
-- itself counts as a login (last_login_dict is NULL when the service's own
-- reader logs in as a master user: NULL leaves the setting unset, while an
-- empty string would read as "yes").
CREATE FUNCTION dovecot_userdb(p_user text, p_master_user text)
RETURNS TABLE (username text, quota_rule text, last_login_dict text)
LANGUAGE sql STABLE AS $$
  SELECT m.address,
         '*:bytes=' || m.quota_bytes,
         CASE WHEN coalesce(p_master_user, '') = '' THEN 'proxy::ces' END
  FROM mailboxes m
  WHERE m.address = lower(p_user)
$$;
--> statement-breakpoint
-- Every mailbox, for doveadm's `-A` (all users).
CREATE VIEW dovecot_users AS SELECT address AS username FROM mailboxes;
--> statement-breakpoint
-- Written by Dovecot's dict (quota_clone: storage used; last_login: time of
-- the last IMAP or POP3 login). Rows never stay: a trigger copies the value
-- onto the mailbox and drops the row, so these tables are always empty.
CREATE TABLE dovecot_quota_usage (
  username text PRIMARY KEY,
  bytes bigint,
  messages bigint
);
--> statement-breakpoint
CREATE TABLE dovecot_last_logins (
  username text PRIMARY KEY,
  last_login bigint
);
--> statement-breakpoint
CREATE FUNCTION dovecot_copy_quota_usage() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bytes IS NOT NULL THEN
    UPDATE mailboxes SET used_bytes = NEW.bytes WHERE address = NEW.username;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION dovecot_copy_last_login() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.last_login IS NOT NULL THEN
    UPDATE mailboxes SET last_login_at = to_timestamp(NEW.last_login) WHERE address = NEW.username;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dovecot_quota_usage_copy BEFORE INSERT OR UPDATE ON dovecot_quota_usage
  FOR EACH ROW EXECUTE FUNCTION dovecot_copy_quota_usage();
--> statement-breakpoint
CREATE TRIGGER dovecot_last_logins_copy BEFORE INSERT OR UPDATE ON dovecot_last_logins
  FOR EACH ROW EXECUTE FUNCTION dovecot_copy_last_login();
