// The SQL Dovecot runs against our database (docs/mailboxes.md lists them for
// an operator's Dovecot). They call the functions of the dovecot_views
// migration, never the tables, so the tables can change underneath.
// Dovecot escapes every %-variable before putting it in a query; usernames
// arrive lower-cased (auth_username_format = %Lu).

/** App passwords first: one indexed lookup by the SHA-256 of the password sent (%w), no argon2 run. */
export const appPasswordQuery = "SELECT username AS user, password FROM dovecot_app_passdb('%u', '%w', '%s')";

/** The mailbox's own password (argon2id), when the protocol (%s) is on for it. */
export const mailboxPasswordQuery = "SELECT username AS user, password FROM dovecot_passdb('%u', '%s')";

/** Quota and last-login settings; %{master_user} is set when the service's reader logs in. */
export const userQuery = "SELECT username AS user, quota_rule, last_login_dict FROM dovecot_userdb('%u', '%{master_user}')";

export const iterateQuery = "SELECT username AS user FROM dovecot_users";

/** The dict Dovecot writes storage used (quota_clone) and last logins (last_login) through. */
export const dictMaps = `map {
  pattern = priv/quota/storage
  table = dovecot_quota_usage
  username_field = username
  value_field = bytes
  value_type = uint
}
map {
  pattern = priv/quota/messages
  table = dovecot_quota_usage
  username_field = username
  value_field = messages
  value_type = uint
}
map {
  pattern = shared/last-login/$user
  table = dovecot_last_logins
  value_field = last_login
  value_type = uint
  fields {
    username = $user
  }
}
`;
