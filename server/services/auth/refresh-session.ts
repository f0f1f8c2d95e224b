// POST /auth/refresh: rotate the refresh token (docs/accounts.md).
// - The successor is derived from the presented token with a server key, so a
//   replay inside the 10-second grace gets the very same pair back without any
//   token stored in plain text.
// - The rotation itself is one conditional UPDATE (rotated_at IS NULL), so two
//   concurrent refreshes can never create two live successors.
// - A rotated token presented after the grace revokes the whole session.
import { and, eq, isNull } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts, refreshTokens, sessions } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { derivedKey, hmacBase64Url, sha256Hex } from "@/server/security/crypto";
import { recordActivity } from "@/server/services/activity/record-activity";
import { isSessionAlive, REFRESH_GRACE_MS } from "./session-rules";
import { buildAuthPayload, REFRESH_TOKEN_PREFIX } from "./start-session";
import type { ClientInfo } from "@/shared/api/client-info";

let successorKey: Buffer | undefined;
const successorOf = (token: string) => REFRESH_TOKEN_PREFIX + hmacBase64Url((successorKey ??= derivedKey("refresh-successor")), token);

const unauthorized = () => new AppError("unauthorized", "The refresh token is invalid, expired or revoked.");

async function findToken(tokenHash: string) {
  const [row] = await db()
    .select({ token: refreshTokens, session: sessions, account: accounts })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

async function revokeForReuse(sessionId: string, accountId: string, client: ClientInfo) {
  await db().transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now(), revokedReason: "refresh_token_reused" })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (revoked.length > 0) {
      await recordActivity(
        {
          accountId,
          type: "auth.refresh_reuse_detected",
          description: "A used refresh token was presented again; the session was signed out",
          ip: client.ip,
          userAgent: client.userAgent,
          metadata: { sessionId },
        },
        tx,
      );
    }
  });
}

export async function refreshSession(presented: string, client: ClientInfo) {
  const tokenHash = sha256Hex(presented);
  const found = await findToken(tokenHash);
  const at = now();
  if (!found || !isSessionAlive(found.session, found.account, at)) throw unauthorized();
  const { session, account } = found;
  const successor = successorOf(presented);

  if (!found.token.rotatedAt) {
    const rotated = await db().transaction(async (tx) => {
      const [won] = await tx
        .update(refreshTokens)
        .set({ rotatedAt: at })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
        .returning({ rotatedAt: refreshTokens.rotatedAt });
      if (!won) return false; // a concurrent refresh rotated it first
      await tx.insert(refreshTokens).values({ tokenHash: sha256Hex(successor), sessionId: session.id, createdAt: at });
      await tx.update(sessions).set({ lastActiveAt: at }).where(eq(sessions.id, session.id));
      return true;
    });
    if (rotated) return buildAuthPayload(account, session.id, successor, at);
  }

  // Already rotated: by a concurrent request a moment ago, or earlier.
  const current = await findToken(tokenHash);
  const rotatedAt = current?.token.rotatedAt;
  if (!current || !rotatedAt || !isSessionAlive(current.session, current.account, at)) throw unauthorized();
  if (at.getTime() - rotatedAt.getTime() <= REFRESH_GRACE_MS) {
    return buildAuthPayload(current.account, session.id, successor, rotatedAt);
  }
  await revokeForReuse(session.id, account.id, client);
  throw new AppError("refresh_token_reused", "This refresh token was already used. The session has been signed out for safety.");
}
