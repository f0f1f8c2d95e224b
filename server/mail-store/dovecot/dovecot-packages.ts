// What DOVECOT=auto needs installed (docs/mail-storage.md): Debian's Dovecot
// packages, each known by a file it installs, and the optional full-text
// search plugin.
import { existsSync } from "node:fs";
import { DOVECOT_BINARY } from "./dovecot-process";

const MODULES = "/usr/lib/dovecot";
/** What each Debian package installs that we need. */
const PACKAGES: [string, string][] = [
  ["dovecot-imapd", `${MODULES}/imap`],
  ["dovecot-pop3d", `${MODULES}/pop3`],
  ["dovecot-lmtpd", `${MODULES}/lmtp`],
  ["dovecot-pgsql", `${MODULES}/modules/libdriver_pgsql.so`],
  ["dovecot-sieve", `${MODULES}/modules/lib90_sieve_plugin.so`],
  ["dovecot-managesieved", `${MODULES}/managesieve`],
];
const DOVECOT_PACKAGES = PACKAGES.map(([name]) => name);
/** Optional: without it searches read every message (docs/webmail.md, "Search"). */
const FULL_TEXT_SEARCH_PLUGIN = `${MODULES}/modules/lib21_fts_xapian_plugin.so`;

/** The Debian packages missing for DOVECOT=auto (all of them when Dovecot itself is missing). */
export function missingDovecotPackages(): string[] {
  if (!existsSync(DOVECOT_BINARY)) return DOVECOT_PACKAGES;
  return PACKAGES.filter(([, file]) => !existsSync(file)).map(([name]) => name);
}

/** Whether dovecot-fts-xapian is installed (full-text search indexes). */
export const hasFullTextSearchPlugin = () => existsSync(FULL_TEXT_SEARCH_PLUGIN);
