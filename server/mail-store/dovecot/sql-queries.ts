// The SQL Dovecot runs against our database (docs/mailboxes.md lists them for
// an operator's Dovecot). They call the functions of the dovecot_views
// migration, never the tables, so the tables can change underneath.
// Dovecot escapes every %-variable before putting it in a query; usernames
// arrive lower-cased (auth_username_format = %Lu).
import { MAIL_LOCATION } from "./mail-location";

/** The limits the login queries pass to the SQL functions: the service's own rate-limit policies. */
export type LoginLimits = {
  addressLimit: number;
  addressWindowSeconds: number;
  mailboxLimit: number;
  mailboxWindowSeconds: number;
  knownAddressDays: number;
};

/**
 * Before any password is checked: counts the attempt from the client's
 * address (%r) and for the mailbox (docs/security.md, "Mail logins"). A row
 * (noauthenticate) lets Dovecot go on to the password passdbs; no row refuses
 * the login as a wrong password would.
 */
export const loginAttemptQuery = (limits: LoginLimits) =>
  `SELECT NULL AS password, 'Y' AS noauthenticate FROM mail_login_attempt('%u', '%r', ${limits.addressLimit}, ${limits.addressWindowSeconds}, ${limits.mailboxLimit}, ${limits.mailboxWindowSeconds}) WHERE allowed`;

/** After a password passdb accepted the login: takes the attempt's counts back and remembers the address. */
export const loginSucceededQuery = (limits: LoginLimits) =>
  `SELECT NULL AS password, 'Y' AS nopassword FROM mail_login_succeeded('%u', '%r', ${limits.knownAddressDays})`;

/** App passwords first: one indexed lookup by the SHA-256 of the password sent (%w), no argon2 run. */
export const appPasswordQuery = "SELECT username AS user, password FROM dovecot_app_passdb('%u', '%w', '%s')";

/** The mailbox's own password (argon2id), when the protocol (%s) is on for it. */
export const mailboxPasswordQuery = "SELECT username AS user, password FROM dovecot_passdb('%u', '%s')";

/** Quota, last-login settings and where the mail is; %{master_user} is set when the service's reader logs in. */
export const userQuery = `SELECT username AS user, quota_rule, last_login_dict, CASE mail_format WHEN 'maildir' THEN '${MAIL_LOCATION.maildir}' ELSE '${MAIL_LOCATION.sdbox}' END AS mail FROM dovecot_userdb('%u', '%{master_user}')`;

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
