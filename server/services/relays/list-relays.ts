// GET /smtp-relays: the account's relays, oldest first.
import { asc, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { smtpRelays } from "@/server/db/schema";
import { relayView } from "./relay-view";

export async function listRelays(accountId: string) {
  const rows = await db().select().from(smtpRelays).where(eq(smtpRelays.accountId, accountId)).orderBy(asc(smtpRelays.createdAt), asc(smtpRelays.id));
  return rows.map(relayView);
}
