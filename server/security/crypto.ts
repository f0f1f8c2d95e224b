// Small, sharp helpers: hashing tokens at rest, keyed derivation, and
// constant-time comparison. Secrets never leave through these.
import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/server/env";

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

export function hmacBase64Url(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
