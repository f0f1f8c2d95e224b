// Access tokens: short-lived JWTs (HS256 only) bound to a session. The token
// type, audience and issuer are checked so no other token of ours (or a
// refresh token) is accepted in their place.
import { SignJWT } from "jose";
import { constantTimeEqual, derivedKey, hmacBase64Url, sha256Hex } from "@/server/security/crypto";
import { now } from "@/server/clock";
import { env } from "@/server/config/env";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const TOKEN_TYPE = "at+jwt";
const AUDIENCE = "customer-email-service:api";
const ALGORITHM = "HS256";

let key: Buffer | undefined;
const signingKey = () => (key ??= derivedKey("access-token"));

// Every token we issue carries exactly this protected header (signAccessToken
// sets nothing else), so verification compares it whole: no `alg` or `crit`
// negotiation to get wrong.
const ISSUED_HEADER = Buffer.from(JSON.stringify({ alg: ALGORITHM, typ: TOKEN_TYPE })).toString("base64url");
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/; // 32 bytes of HMAC-SHA-256, unpadded base64url

export type AccessClaims = { accountId: string; sessionId: string };
/** What a valid token says, with when it stops being valid (an event stream opened with it ends then). */
export type VerifiedAccessClaims = AccessClaims & { expiresAt: Date };

/**
 * Deterministic for the same inputs: a refresh replayed inside the grace
 * window gets byte-for-byte the same access token as the first answer.
 */
export async function signAccessToken(claims: AccessClaims, issuedAt: Date, nonceSource: string): Promise<string> {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE })
    .setSubject(claims.accountId)
    .setAudience(AUDIENCE)
    .setIssuer(env().appUrl)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(sha256Hex(nonceSource).slice(0, 32))
    .sign(signingKey());
}

type Payload = { sub?: unknown; sid?: unknown; aud?: unknown; iss?: unknown; exp?: unknown; iat?: unknown };

function parsePayload(segment: string): Payload | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return payload !== null && typeof payload === "object" && !Array.isArray(payload) ? (payload as Payload) : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a valid, unexpired access token, or null. This runs on every
 * authenticated request, so it is synchronous node:crypto work (HMAC and a
 * constant-time compare) rather than a WebCrypto round trip through the
 * thread pool.
 */
export function verifyAccessToken(token: string): VerifiedAccessClaims | null {
  const [header, payloadSegment, signature, extra] = token.split(".");
  if (extra !== undefined || header !== ISSUED_HEADER || !payloadSegment || !signature || !SIGNATURE.test(signature)) return null;
  if (!constantTimeEqual(hmacBase64Url(signingKey(), `${header}.${payloadSegment}`), signature)) return null;
  const payload = parsePayload(payloadSegment);
  if (!payload) return null;
  const { sub, sid, aud, iss, exp, iat } = payload;
  if (typeof sub !== "string" || typeof sid !== "string" || typeof exp !== "number" || typeof iat !== "number") return null;
  if (aud !== AUDIENCE || iss !== env().appUrl) return null;
  if (exp <= now().getTime() / 1000) return null;
  return { accountId: sub, sessionId: sid, expiresAt: new Date(exp * 1000) };
}
