// The sending-domain filter of a stats read (docs/deliverability.md): the domain asked for, or the one a key is
// restricted to; another account's domain, or another domain than the key's, is 404 before anything is read.
import { and, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { sendingDomains } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";

/** The domain id to filter by, or null for all of the account's mail. */
export async function statsDomainFilter(principal: SendingPrincipal, domainId: string | undefined): Promise<string | null> {
  const restricted = principal.apiKey?.domainId ?? null;
  if (restricted && domainId && domainId !== restricted) throw notFound("Domain");
  const wanted = domainId ?? restricted;
  if (!wanted) return null;
  const [found] = await db()
    .select({ id: sendingDomains.id })
    .from(sendingDomains)
    .where(and(eq(sendingDomains.id, wanted), eq(sendingDomains.accountId, principal.accountId)))
    .limit(1);
  if (!found) throw notFound("Domain");
  return found.id;
}
