-- The subject a client address is counted under: IPv4 as it is (an IPv4-mapped IPv6 address too), IPv6 by
-- its /64, anything else as given.
-- Current definition, as migration 0017_mail_login_budget made it; to change it, see docs/architecture.md ("SQL functions").
CREATE FUNCTION mail_login_subject(p_remote text)
RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_remote ~* '^::ffff:[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' THEN substr(p_remote, 8)
    WHEN p_remote ~* '^[0-9a-f:.]+$' AND position(':' IN p_remote) > 0
      THEN host(network(set_masklen(p_remote::inet, 64))) || '/64'
    WHEN coalesce(p_remote, '') = '' THEN 'unknown'
    ELSE lower(p_remote)
  END
$$;
