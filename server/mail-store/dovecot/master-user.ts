// The service's own reader (the portal's inbox) logs in to Dovecot as a
// master user: `<mailbox address>*ces-reader`. Its password is derived from
// AUTH_SECRET, so every instance of the service agrees on it without storing
// one more secret; it is written to Dovecot's passwd-file as a hash and never
// logged.
import { derivedKey, sha256Hex } from "@/server/security/crypto";

export const MASTER_USER = "ces-reader";
export const MASTER_SEPARATOR = "*";

export function masterUserPassword(): string {
  return derivedKey("dovecot-master-user").toString("base64url");
}

/** The line of Dovecot's passwd-file for the master user. */
export function masterUserPasswdLine(): string {
  return `${MASTER_USER}:{SHA256.HEX}${sha256Hex(masterUserPassword())}\n`;
}
