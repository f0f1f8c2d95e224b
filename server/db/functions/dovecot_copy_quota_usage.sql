-- Trigger on dovecot_quota_usage (BEFORE INSERT OR UPDATE): copies the storage Dovecot's quota_clone reports
-- onto the mailbox and drops the row, so the table stays empty.
-- Current definition, as migration 0015_dovecot_views made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION dovecot_copy_quota_usage() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bytes IS NOT NULL THEN
    UPDATE mailboxes SET used_bytes = NEW.bytes WHERE address = NEW.username;
  END IF;
  RETURN NULL;
END
$$;
