// Small, sharp helpers: hashing tokens at rest, keyed derivation, and
// constant-time comparison. Secrets never leave through these.
import { createHash, createHmac, createSecretKey, hkdfSync, type KeyObject, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/server/config/env";

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A purpose-bound key derived from AUTH_SECRET, so one secret never signs two kinds of thing. */
export function derivedKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", env().authSecret, "customer-email-service", purpose, 32));
}

// An HMAC keyed with a Buffer imports the key anew each time (about 10 µs, on
// every authenticated request); a KeyObject is imported once.
const keyObjects = new WeakMap<Buffer, KeyObject>();

export function hmacBase64Url(key: Buffer, value: string): string {
  let keyObject = keyObjects.get(key);
  if (!keyObject) keyObjects.set(key, (keyObject = createSecretKey(key)));
  return createHmac("sha256", keyObject).update(value).digest("base64url");
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
