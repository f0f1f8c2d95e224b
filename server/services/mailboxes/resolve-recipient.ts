// Which hosted mailboxes an address delivers into (docs/mailboxes.md): the
// mailbox of that address; else the alias of that address (its destinations);
// else the domain's catch-all (`*@domain`); else null (unknown recipient).
// Case-insensitive, one query. Destinations whose mailbox was deleted are
// left out; an alias left with none counts as unknown.
import { sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { executeHot } from "@/server/db/prepared";

export async function resolveRecipient(address: string, tx: Executor = db()): Promise<string[] | null> {
  const normalized = address.trim().toLowerCase();
  const at = normalized.lastIndexOf("@");
  if (at <= 0 || at === normalized.length - 1) return null;
  const catchAll = `*@${normalized.slice(at + 1)}`;
  // Run for every recipient the MX takes and every one delivery hands off: parsed once per connection.
  const result = await executeHot<{ addresses: string[] | null }>(
    tx,
    "resolve-recipient",
    sql`
    select coalesce(
      (select jsonb_build_array(m.address) from mailboxes m where m.address = ${normalized}),
      (select jsonb_agg(m.address order by m.address)
         from mailbox_aliases a
         cross join lateral jsonb_array_elements_text(a.destinations) d(address)
         join mailboxes m on m.address = lower(d.address)
        where a.address = ${normalized}),
      (select jsonb_agg(m.address order by m.address)
         from mailbox_aliases a
         cross join lateral jsonb_array_elements_text(a.destinations) d(address)
         join mailboxes m on m.address = lower(d.address)
        where a.address = ${catchAll})
    ) as addresses`,
  );
  const addresses = result.rows[0]?.addresses;
  return addresses && addresses.length > 0 ? addresses : null;
}
