// Access tokens: short-lived JWTs (HS256 only) bound to a session. The token
// type, audience and issuer are checked so no other token of ours (or a
// refresh token) is accepted in their place.
import { errors, jwtVerify, SignJWT } from "jose";
import { derivedKey, sha256Hex } from "@/server/security/crypto";
import { env } from "@/server/env";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const TOKEN_TYPE = "at+jwt";
const AUDIENCE = "customer-email-service:api";

// Imported once: handing jose raw bytes would import a WebCrypto key on every call.
let key: Promise<CryptoKey> | undefined;
const signingKey = () =>
  (key ??= crypto.subtle.importKey("raw", new Uint8Array(derivedKey("access-token")), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]));

export type AccessClaims = { accountId: string; sessionId: string };

/**
 * Deterministic for the same inputs: a refresh replayed inside the grace
 * window gets byte-for-byte the same access token as the first answer.
 */
export async function signAccessToken(claims: AccessClaims, issuedAt: Date, nonceSource: string): Promise<string> {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: TOKEN_TYPE })
    .setSubject(claims.accountId)
    .setAudience(AUDIENCE)
    .setIssuer(env().appUrl)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(sha256Hex(nonceSource).slice(0, 32))
    .sign(await signingKey());
}

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      issuer: env().appUrl,
      typ: TOKEN_TYPE,
      requiredClaims: ["sub", "sid", "exp", "iat"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { accountId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
