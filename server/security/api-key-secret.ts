// API key secrets: `ces_` and 40 random characters, so a leaked key is easy
// to recognise (and to scan for). 240 bits of randomness need no slow hash:
// SHA-256 at rest is enough, and it can be looked up by index.
import { randomBytes } from "node:crypto";
import { sha256Hex } from "./crypto";

export const API_KEY_PREFIX = "ces_";
const DISPLAYED_CHARACTERS = 12;

export function newApiKeySecret(): { secret: string; hash: string; prefix: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(30).toString("base64url")}`;
  return { secret, hash: apiKeySecretHash(secret), prefix: secret.slice(0, DISPLAYED_CHARACTERS) };
}

export const apiKeySecretHash = (secret: string) => sha256Hex(secret);

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);
