// Crafts access tokens with the test server's own secret (read from its
// DATA_DIR, where the server generated it), to prove the server refuses
// expired, mistyped or mis-addressed ones for the right reasons.
import { hkdfSync } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import { inject } from "vitest";

function serverAccessKey(): Buffer {
  const { authSecret } = JSON.parse(readFileSync(path.join(inject("serverDataDir"), "secrets.json"), "utf8")) as { authSecret: string };
  return Buffer.from(hkdfSync("sha256", authSecret, "customer-email-service", "access-token", 32));
}

export async function craftAccessToken(options: {
  accountId: string;
  sessionId: string;
  issuer: string;
  typ?: string;
  audience?: string;
  expiresInSeconds?: number;
  key?: Uint8Array;
}): Promise<string> {
  const iat = Math.floor(Date.now() / 1000) - 60;
  return new SignJWT({ sid: options.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: options.typ ?? "at+jwt" })
    .setSubject(options.accountId)
    .setAudience(options.audience ?? "customer-email-service:api")
    .setIssuer(options.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.expiresInSeconds ?? 900))
    .sign(options.key ?? serverAccessKey());
}

export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
}
