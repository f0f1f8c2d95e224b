CREATE TABLE "mailbox_rules" (
	"mailbox_id" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"sieve" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailbox_rules" ADD CONSTRAINT "mailbox_rules_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ManageSieve logins (Dovecot's protocol name `sieve`) edit a mailbox's rules
-- from a mail client: they go with IMAP (docs/spam-and-rules.md), so a mailbox
-- with IMAP on, or an app password for IMAP, may use it.
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dovecot_app_passdb(p_user text, p_secret text, p_protocol text)
RETURNS TABLE (username text, password text)
LANGUAGE sql STABLE AS $$
  SELECT t.address, a.secret_hash
  FROM mailbox_login_target(p_user, p_protocol) t
  JOIN mailbox_app_passwords a ON a.mailbox_id = t.mailbox_id
  WHERE a.secret_hash = '{SHA256.HEX}' || encode(sha256(convert_to(p_secret, 'UTF8')), 'hex')
    AND a.protocols ? (CASE p_protocol WHEN 'sieve' THEN 'imap' ELSE p_protocol END)
$$;
