// RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30-second steps), as Google
// Authenticator, 1Password and oathtool compute it, plus the RFC 4648
// base32 they exchange secrets in.
import { createHmac, randomBytes } from "node:crypto";

export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32[(value << (5 - bits)) & 31];
  return output;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error("Invalid base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new 160-bit secret, base32 (what authenticator apps expect). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function stepAt(time: Date): number {
  return Math.floor(time.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 4226 HOTP for one counter value. */
export function hotp(secretBase32: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", base32Decode(secretBase32)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return binary.toString().padStart(DIGITS, "0");
}

/**
 * The step a code matches within ±1 step of `time` (clock drift), or null.
 * Every candidate is computed and compared, so timing says nothing about which.
 */
export function matchingStep(secretBase32: string, code: string, time: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = stepAt(time);
  let match: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    const candidate = hotp(secretBase32, step);
    let difference = 0;
    for (let index = 0; index < DIGITS; index += 1) difference |= candidate.charCodeAt(index) ^ code.charCodeAt(index);
    if (difference === 0 && match === null) match = step;
  }
  return match;
}

export function provisioningUri(secretBase32: string, accountLabel: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${accountLabel}`);
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: "SHA1",
    digits: String(DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
