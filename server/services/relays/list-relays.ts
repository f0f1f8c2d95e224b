// GET /smtp-relays: the account's relays, oldest first.
import { asc, eq, sql } from "drizzle-orm";
import { hotQuery } from "@/server/db/prepared";
import { smtpRelays } from "@/server/db/schema";
import { relayView } from "./relay-view";

const relaysOf = hotQuery("list_relays", (executor) =>
  executor
    .select()
    .from(smtpRelays)
    .where(eq(smtpRelays.accountId, sql.placeholder("accountId")))
    .orderBy(asc(smtpRelays.createdAt), asc(smtpRelays.id)),
);

export async function listRelays(accountId: string) {
  const rows = await relaysOf().execute({ accountId });
  return rows.map(relayView);
}
