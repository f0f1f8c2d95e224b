-- Dovecot's userdb (version 1 of its interface, plus mail_format): the mailbox's quota for the quota plugin,
-- last_login_dict only for a login of the mailbox itself (NULL when the service's reader logs in as a master
-- user), and the mailbox's storage format.
-- Current definition, as migration 0026_mailbox_mail_format made it; to change it, see docs/architecture.md ("SQL functions").
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
