// One of the caller's own relays; anything else (another account's, unknown,
// malformed) is the same 404.
import { and, eq } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { smtpRelays } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import type { RelayRow } from "./relay-view";

export async function getRelayOrThrow(accountId: string, relayId: string, tx: Executor = db()): Promise<RelayRow> {
  const [row] = await tx
    .select()
    .from(smtpRelays)
    .where(and(eq(smtpRelays.id, relayId), eq(smtpRelays.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("SMTP relay");
  return row;
}
