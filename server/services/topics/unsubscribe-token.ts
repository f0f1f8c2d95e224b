// The token of a recipient's unsubscribe links (docs/consent.md): the message
// id and a truncated HMAC of the message, the one recipient the copy was for
// and the message's topic, under a key of its own derived from AUTH_SECRET.
// Built like the return path's token (server/services/messages/verp.ts), so
// nobody can make one for a message they did not receive or a recipient other
// than themselves, and it fits a mailto local part (`unsubscribe+<token>`,
// 61 characters of the 64 allowed). Lower case only: some MTAs fold the case
// of local parts.
import { createHmac } from "node:crypto";
import { constantTimeEqual, derivedKey } from "@/server/security/crypto";

/** 20 hex digits: 80 bits; a wrong guess is 404 and rate-limited. */
const MAC_LENGTH = 20;
const TOKEN = /^(msg_[0-9a-f]{24})-([0-9a-f]{20})$/;

let key: Buffer | undefined;
const unsubscribeKey = () => {
  key ??= derivedKey("unsubscribe-link");
  return key;
};

const macOf = (messageId: string, recipient: string, topicId: string) =>
  createHmac("sha256", unsubscribeKey()).update(`${messageId}\n${recipient.toLowerCase()}\n${topicId}`).digest("hex").slice(0, MAC_LENGTH);

export function unsubscribeToken(messageId: string, recipient: string, topicId: string): string {
  return `${messageId}-${macOf(messageId, recipient, topicId)}`;
}

/** The message a token claims, before anything is verified (null for another shape). */
export function unsubscribeTokenMessageId(token: string): string | null {
  return TOKEN.exec(token.toLowerCase())?.[1] ?? null;
}

/** Which of the message's recipients the token names, or null when none (forged, altered, or for another message or topic). */
export function verifyUnsubscribeToken(token: string, topicId: string, recipients: string[]): string | null {
  const match = TOKEN.exec(token.toLowerCase());
  if (!match) return null;
  const [, messageId, mac] = match as unknown as [string, string, string];
  let named: string | null = null;
  // Every candidate is compared, so the time taken does not say which recipient matched.
  for (const recipient of recipients) {
    if (constantTimeEqual(mac, macOf(messageId, recipient, topicId))) named ??= recipient.toLowerCase();
  }
  return named;
}
