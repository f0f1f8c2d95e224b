// The addresses a mailbox may send as: its own and those of the aliases that
// deliver to it (catch-alls excluded: `*@domain` is no address). SMTP
// submission with the mailbox's credentials and the webmail's send both ask.
import { and, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { mailboxAliases } from "@/server/db/schema";

export async function mailboxSenderAddresses(address: string): Promise<string[]> {
  const aliases = await db()
    .select({ address: mailboxAliases.address })
    .from(mailboxAliases)
    .where(and(sql`${mailboxAliases.destinations} @> ${JSON.stringify([address])}::jsonb`, sql`${mailboxAliases.address} not like '*@%'`));
  return [address, ...aliases.map((alias) => alias.address)];
}
