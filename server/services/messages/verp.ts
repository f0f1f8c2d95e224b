// The envelope sender every message leaves with (VERP, docs/bounces.md
// "Return path (VERP)"): `<token>@<return-path name>`. The token is the
// message id and a truncated HMAC of it and of the one recipient the hand-off
// is for, under a key derived from AUTH_SECRET, so a bounce or complaint sent
// to it names its message and its recipient, and nobody can make one up for
// a message they did not send or a recipient other than their own. Tokens of
// the message id alone (handed off before return paths named a recipient)
// still verify, for the whole message. Lower case only: some MTAs fold the
// case of local parts.
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

/** The MAC of a message (the whole message: tokens minted before recipients were named) or of one recipient of it. */
const macOf = (messageId: string, recipient?: string) =>
  createHmac("sha256", verpKey())
    .update(recipient === undefined ? messageId : `${messageId}\n${recipient.toLowerCase()}`)
    .digest("hex")
    .slice(0, MAC_LENGTH);

/** The local part naming a message and, given one, the recipient it is handed off to: `msg_…-<mac>`. */
export function verpToken(messageId: string, recipient?: string): string {
  return `${messageId}-${macOf(messageId, recipient)}`;
}

/** The message id a local part claims, before anything is verified (null for another shape). */
export function verpMessageId(localPart: string): string | null {
  return TOKEN.exec(localPart.toLowerCase())?.[1] ?? null;
}

/** The message a message-wide token names, or null when it is not one (forged, mangled, another shape, or bound to a recipient). */
export function verifyVerpToken(localPart: string): string | null {
  const match = TOKEN.exec(localPart.toLowerCase());
  if (!match) return null;
  const [, messageId, mac] = match as unknown as [string, string, string];
  return constantTimeEqual(mac, macOf(messageId)) ? messageId : null;
}

/** Which of `recipients` (the message's) a recipient-bound token names, or null when none. */
export function verifyRecipientToken(localPart: string, recipients: string[]): string | null {
  const match = TOKEN.exec(localPart.toLowerCase());
  if (!match) return null;
  const [, messageId, mac] = match as unknown as [string, string, string];
  return recipients.find((recipient) => constantTimeEqual(mac, macOf(messageId, recipient)))?.toLowerCase() ?? null;
}

/**
 * The return-path name of a message: `ces-bounces.<domain>` for a customer's
 * domain (its CNAME points at us), the service's own bounce domain for the
 * test sender's messages (which have no domain of the account).
 */
export function returnPathOf(message: { domainId: string | null; fromDomain: string }): string {
  return message.domainId ? `${RETURN_PATH_LABEL}.${message.fromDomain}` : returnPathDomain();
}

/** The envelope sender a message is handed off to `recipient` with. */
export function verpAddress(message: { id: string; domainId: string | null; fromDomain: string }, recipient: string): string {
  return `${verpToken(message.id, recipient)}@${returnPathOf(message)}`;
}
