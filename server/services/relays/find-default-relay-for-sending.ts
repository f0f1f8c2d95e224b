// For sending through the customer's own relay (the sending API): each
// account's default relay when it is active, with its password opened, in one
// query for a whole batch of deliveries. Server-side only; an account missing
// from the map has no relay: the service delivers itself. A relay whose
// password cannot be opened (its key left ENCRYPTION_KEYS) is returned as
// unusable, so only that account's messages wait and retry, not the batch.
import { and, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { smtpRelays } from "@/server/db/schema";
import type { RelayTarget } from "@/server/outbound/relay/open-relay-session";
import { relayTargetOf } from "./relay-target";

export type RelayForSending = RelayTarget & { id: string; name: string };
export type UnusableRelay = { id: string; name: string; unusable: string };

export async function findDefaultRelaysForSending(
  accountIds: string[],
  tx: Executor = db(),
): Promise<Map<string, RelayForSending | UnusableRelay>> {
  const relays = new Map<string, RelayForSending | UnusableRelay>();
  if (accountIds.length === 0) return relays;
  const rows = await tx
    .select()
    .from(smtpRelays)
    .where(and(inArray(smtpRelays.accountId, accountIds), eq(smtpRelays.isDefault, true), eq(smtpRelays.status, "active")));
  for (const row of rows) {
    try {
      relays.set(row.accountId, { id: row.id, name: row.name, ...relayTargetOf(row) });
    } catch {
      relays.set(row.accountId, { id: row.id, name: row.name, unusable: `the password of relay "${row.name}" cannot be opened` });
    }
  }
  return relays;
}
