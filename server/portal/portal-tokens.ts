// The API tokens of a portal session live only inside next-auth's encrypted,
// HttpOnly cookie. This is the one place that refreshes them.
import type { JWT } from "next-auth/jwt";
import type { Account } from "@/shared/schemas/account";
import type { AuthPayload } from "@/shared/schemas/auth";
import { callApi, type ClientContext } from "./call-api";

export type PortalTokens = {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  accessTokenExpiresAt: number;
  user: Pick<Account, "id" | "email" | "name" | "username">;
};

/** Refresh this long before expiry, so a request never leaves with a token about to die. */
const REFRESH_MARGIN_MS = 60_000;

export function tokensFromPayload(payload: AuthPayload, now = Date.now()): PortalTokens {
  return {
    accessToken: payload.accessToken,
    refreshToken: payload.refreshToken,
    accessTokenExpiresAt: now + payload.expiresIn * 1000,
    user: { id: payload.user.id, email: payload.user.email, name: payload.user.name, username: payload.user.username },
  };
}

/** Good for at least the refresh margin: usable without a refresh. */
export const hasFreshAccessToken = (tokens: PortalTokens, now = Date.now()) => tokens.accessTokenExpiresAt - now > REFRESH_MARGIN_MS;

export function tokensOf(jwt: JWT | null): PortalTokens | null {
  const tokens = (jwt as { api?: PortalTokens } | null)?.api;
  return tokens?.accessToken && tokens.refreshToken ? tokens : null;
}

/**
 * Returns tokens good for at least a minute, refreshing when needed; null when
 * the API ended the session. Concurrent tabs refreshing with the same token
 * get the same pair back (the API's 10-second grace), so they never trip
 * refresh-token reuse detection.
 */
export async function ensureFreshTokens(
  tokens: PortalTokens,
  client: ClientContext,
): Promise<{ tokens: PortalTokens | null; refreshed: boolean }> {
  if (hasFreshAccessToken(tokens)) return { tokens, refreshed: false };
  const answer = await callApi<AuthPayload>("/auth/refresh", {
    method: "POST",
    body: { refreshToken: tokens.refreshToken },
    client,
  });
  if (answer.status !== 200) return { tokens: null, refreshed: true };
  return { tokens: tokensFromPayload(answer.body.data), refreshed: true };
}
