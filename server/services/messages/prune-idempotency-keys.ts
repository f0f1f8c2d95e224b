import { lt } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { idempotencyKeys } from "@/server/db/schema";
import { IDEMPOTENCY_WINDOW_MS } from "./send-message";

/** Keys past their 24 hours no longer replay anything (send-message.ts ignores them); this only frees the rows. */
export async function pruneIdempotencyKeys(at: Date = now()): Promise<number> {
  const removed = await db()
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(at.getTime() - IDEMPOTENCY_WINDOW_MS)))
    .returning();
  return removed.length;
}
