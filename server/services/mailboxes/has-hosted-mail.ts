// Whether the service hosts mail for a domain: one of its mailboxes or aliases
// is there. The autoconfig answer advertises client settings only for such a
// domain (docs/mailboxes.md, "Client settings and autoconfig").
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";

export async function hasHostedMail(domain: string): Promise<boolean> {
  const result = await db().execute(sql`
    select 1 from sending_domains d
    where d.name = ${domain}
      and (exists (select 1 from mailboxes m where m.domain_id = d.id) or exists (select 1 from mailbox_aliases a where a.domain_id = d.id))
    limit 1`);
  return result.rows.length > 0;
}
