// A successful sign-in, whatever the method: a new session, its first token
// pair, and an `auth.login` activity event.
import type { AuthPayload } from "@/shared/schemas/auth";
import { sql } from "drizzle-orm";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from "@/server/auth/access-token";
import { now } from "@/server/clock";
import type { Executor } from "@/server/db/client";
import { type accounts, refreshTokens, sessions } from "@/server/db/schema";
import { queueEmail } from "@/server/notifications/queue-email";
import { newSignInEmail } from "@/server/notifications/templates/auth-emails";
import { newId } from "@/server/ids";
import { randomToken, sha256Hex } from "@/server/security/crypto";
import { accountView } from "@/server/services/account/account-view";
import { recordActivity } from "@/server/services/activity/record-activity";
import { SESSION_LIFETIME_MS } from "./session-rules";
import type { ClientInfo } from "@/shared/api/client-info";

export type SignInMethod = "password" | "email_code" | "magic_link" | "google" | "github";

export const REFRESH_TOKEN_PREFIX = "rt_";

export async function buildAuthPayload(
  account: typeof accounts.$inferSelect,
  sessionId: string,
  refreshToken: string,
  issuedAt: Date,
): Promise<AuthPayload> {
  return {
    accessToken: await signAccessToken({ accountId: account.id, sessionId }, issuedAt, refreshToken),
    refreshToken,
    tokenType: "Bearer",
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    user: accountView(account),
  };
}

/**
 * With notifyNewSignin on, a sign-in from a device and address pair the
 * account has never signed in from is emailed (the very first sign-in, at
 * registration, is not news).
 */
async function notifyIfNewDevice(tx: Executor, account: typeof accounts.$inferSelect, method: SignInMethod, client: ClientInfo, at: Date) {
  if (!account.notifyNewSignin) return;
  const userAgent = client.userAgent?.slice(0, 512) ?? null;
  const [seen] = await tx
    .execute<{ any_session: boolean; same_device: boolean }>(sql`
    select exists(select 1 from sessions where account_id = ${account.id}) as any_session,
           exists(select 1 from sessions where account_id = ${account.id}
                    and ip_address is not distinct from ${client.ip}
                    and user_agent is not distinct from ${userAgent}) as same_device`)
    .then((result) => result.rows);
  if (!seen?.any_session || seen.same_device) return;
  await queueEmail(newSignInEmail(account.email, { when: at, ip: client.ip, device: userAgent ?? "unknown device", method }), tx);
}

type NewSession = {
  /** The person signing in. */
  account: typeof accounts.$inferSelect;
  /** Where the session acts when not in the person's own account (docs/teams.md). */
  actingAccountId: string | null;
  method: SignInMethod;
  client: ClientInfo;
  at: Date;
  /** When the person last proved who they are (a switch keeps the sign-in's). */
  authenticatedAt: Date;
  expiresAt: Date;
};

/** A session row and its first refresh token; answers the session's id and its token pair. */
export async function openSession(tx: Executor, session: NewSession): Promise<{ sessionId: string; payload: AuthPayload }> {
  const sessionId = newId("ses");
  await tx.insert(sessions).values({
    id: sessionId,
    accountId: session.account.id,
    actingAccountId: session.actingAccountId,
    signInMethod: session.method,
    ipAddress: session.client.ip,
    userAgent: session.client.userAgent?.slice(0, 512) ?? null,
    createdAt: session.at,
    authenticatedAt: session.authenticatedAt,
    lastActiveAt: session.at,
    expiresAt: session.expiresAt,
  });
  const refreshToken = REFRESH_TOKEN_PREFIX + randomToken(32);
  await tx.insert(refreshTokens).values({ tokenHash: sha256Hex(refreshToken), sessionId, createdAt: session.at });
  return { sessionId, payload: await buildAuthPayload(session.account, sessionId, refreshToken, session.at) };
}

export async function startSession(
  tx: Executor,
  account: typeof accounts.$inferSelect,
  method: SignInMethod,
  client: ClientInfo,
): Promise<AuthPayload> {
  const at = now();
  await notifyIfNewDevice(tx, account, method, client, at);
  const { sessionId, payload } = await openSession(tx, {
    account,
    actingAccountId: null,
    method,
    client,
    at,
    authenticatedAt: at,
    expiresAt: new Date(at.getTime() + SESSION_LIFETIME_MS),
  });
  await recordActivity(
    {
      accountId: account.id,
      type: "auth.login",
      description: `Signed in with ${method.replace("_", " ")}`,
      ip: client.ip,
      userAgent: client.userAgent,
      actorEmail: account.email,
      metadata: { method, sessionId },
    },
    tx,
  );
  return payload;
}
