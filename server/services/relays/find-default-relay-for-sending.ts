// For sending through the customer's own relay (the sending API): the
// account's default relay when it is active, with its password opened.
// Server-side only; null means "no relay: deliver ourselves".
import { and, eq } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { smtpRelays } from "@/server/db/schema";
import type { RelayTarget } from "./open-relay-session";
import { relayTargetOf } from "./relay-target";

export type RelayForSending = RelayTarget & { id: string; name: string };

export async function findDefaultRelayForSending(accountId: string, tx: Executor = db()): Promise<RelayForSending | null> {
  const [row] = await tx
    .select()
    .from(smtpRelays)
    .where(and(eq(smtpRelays.accountId, accountId), eq(smtpRelays.isDefault, true), eq(smtpRelays.status, "active")))
    .limit(1);
  return row ? { id: row.id, name: row.name, ...relayTargetOf(row) } : null;
}
