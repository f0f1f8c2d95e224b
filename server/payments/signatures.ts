// HMAC signature checks shared by the providers that sign the raw body with
// a shared secret (Paystack: SHA-512, sandbox: SHA-256), compared in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/server/errors";

export const invalidSignature = () => new AppError("invalid_signature", "The webhook signature is missing or does not match.");

export function hmacHex(algorithm: "sha256" | "sha512", secret: string, body: Uint8Array): string {
  return createHmac(algorithm, secret).update(body).digest("hex");
}

/** Throws invalid_signature unless `header` is the hex HMAC of `body`. */
export function requireHmacSignature(algorithm: "sha256" | "sha512", secret: string, body: Uint8Array, header: string | null): void {
  if (!header) throw invalidSignature();
  const expected = Buffer.from(hmacHex(algorithm, secret, body), "hex");
  const given = /^[0-9a-f]+$/i.test(header.trim()) ? Buffer.from(header.trim(), "hex") : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidSignature();
}

/** The JSON inside a verified body; a signed body that is not JSON is still refused. */
export function parseSignedJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    throw new AppError("validation_error", "The webhook body is not valid JSON.", { errors: [{ path: "", message: "Malformed JSON" }] });
  }
}
