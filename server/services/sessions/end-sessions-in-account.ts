// A person's sessions acting in one account end at once: when they are removed
// from it or leave it. Their next request, and their refresh, is refused.
import { and, eq, isNull } from "drizzle-orm";
import { now } from "@/server/clock";
import type { Executor } from "@/server/db/client";
import { sessions } from "@/server/db/schema";

/** In the caller's transaction, so the change that ends them and the ending commit together. */
export async function endSessionsInAccount(tx: Executor, personId: string, accountId: string, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: now(), revokedReason: reason })
    .where(and(eq(sessions.accountId, personId), eq(sessions.actingAccountId, accountId), isNull(sessions.revokedAt)));
}
