// Mailbox credentials are verified by Dovecot as well as by us (SMTP
// submission), so they are stored in Dovecot's scheme-prefixed form
// (docs/mailboxes.md): argon2id with p=1 (libsodium, which Dovecot uses,
// verifies only that) for passwords people choose, SHA-256 for app passwords,
// which are random and long enough that a fast hash is safe.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { hashPassword, verifyPassword } from "@/server/security/password";

const ARGON2ID_SCHEME = "{ARGON2ID}";
const SHA256_SCHEME = "{SHA256.HEX}";

export async function hashMailboxPassword(password: string): Promise<string> {
  return ARGON2ID_SCHEME + (await hashPassword(password));
}

export function verifyMailboxPassword(storedHash: string, password: string): Promise<boolean> {
  if (!storedHash.startsWith(ARGON2ID_SCHEME)) return Promise.resolve(false);
  return verifyPassword(storedHash.slice(ARGON2ID_SCHEME.length), password);
}

/** A new app password: 24 random bytes as 4 groups of lower-case letters and digits, easy to type on a phone. */
export function newAppPasswordSecret(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(24);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  return chars.match(/.{6}/g)!.join("-");
}

export function hashAppPassword(secret: string): string {
  return SHA256_SCHEME + createHash("sha256").update(secret).digest("hex");
}

export function verifyAppPassword(storedHash: string, secret: string): boolean {
  const expected = Buffer.from(storedHash);
  const actual = Buffer.from(hashAppPassword(secret));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
