// The envelope sender every message leaves with (VERP, docs/bounces.md
// "Return path (VERP)"): `<token>@<return-path name>`. The token is the
// message id and a truncated HMAC of it under a key derived from AUTH_SECRET,
// so a bounce or complaint sent to it names its message and nobody can make
// one up for a message they did not send. Lower case only: some MTAs fold
// the case of local parts.
import { createHmac } from "node:crypto";
import { constantTimeEqual, derivedKey } from "@/server/security/crypto";
import { RETURN_PATH_LABEL, returnPathDomain } from "@/server/services/domains/sending-config";

/** 20 hex digits: 80 bits, far past guessing through an MX that answers each try with 550. */
const MAC_LENGTH = 20;
const TOKEN = /^(msg_[0-9a-f]{24})-([0-9a-f]{20})$/;

let key: Buffer | undefined;
const verpKey = () => {
  key ??= derivedKey("verp-return-path");
  return key;
};

const macOf = (messageId: string) => createHmac("sha256", verpKey()).update(messageId).digest("hex").slice(0, MAC_LENGTH);

/** The local part naming a message: `msg_…-<mac>`. */
export function verpToken(messageId: string): string {
  return `${messageId}-${macOf(messageId)}`;
}

/** The message a token names, or null when it is not one of ours (forged, mangled or another shape). */
export function verifyVerpToken(localPart: string): string | null {
  const match = TOKEN.exec(localPart.toLowerCase());
  if (!match) return null;
  const [, messageId, mac] = match as unknown as [string, string, string];
  return constantTimeEqual(mac, macOf(messageId)) ? messageId : null;
}

/**
 * The return-path name of a message: `ces-bounces.<domain>` for a customer's
 * domain (its CNAME points at us), the service's own bounce domain for the
 * test sender's messages (which have no domain of the account).
 */
export function returnPathOf(message: { domainId: string | null; fromDomain: string }): string {
  return message.domainId ? `${RETURN_PATH_LABEL}.${message.fromDomain}` : returnPathDomain();
}

/** The envelope sender a message is handed off with. */
export function verpAddress(message: { id: string; domainId: string | null; fromDomain: string }): string {
  return `${verpToken(message.id)}@${returnPathOf(message)}`;
}
