-- Mailboxes created from now on are stored as single-dbox; those that already
-- exist keep their Maildir (docs/mail-storage.md, "Storage format").
ALTER TABLE "mailboxes" ADD COLUMN "mail_format" text DEFAULT 'maildir' NOT NULL;--> statement-breakpoint
ALTER TABLE "mailboxes" ALTER COLUMN "mail_format" SET DEFAULT 'sdbox';--> statement-breakpoint
-- The userdb gives Dovecot each mailbox's format; its result gains a column, so it is made again.
DROP FUNCTION dovecot_userdb(text, text);--> statement-breakpoint
CREATE FUNCTION dovecot_userdb(p_user text, p_master_user text)
RETURNS TABLE (username text, quota_rule text, last_login_dict text, mail_format text)
LANGUAGE sql STABLE AS $$
  SELECT m.address,
         '*:bytes=' || m.quota_bytes,
         CASE WHEN coalesce(p_master_user, '') = '' THEN 'proxy::ces' END,
         m.mail_format
  FROM mailboxes m
  WHERE m.address = lower(p_user)
$$;
