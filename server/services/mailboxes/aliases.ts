// POST, GET and DELETE /mailboxes/aliases: more addresses delivering into the
// account's mailboxes; `*@domain` is the domain's catch-all, taking mail for
// every address of the domain that no mailbox or alias has.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { mailboxAliases, mailboxes } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { createAliasBody, MailboxAlias } from "@/shared/schemas/mailbox-aliases";
import { claimAddress, getMailDomainOrThrow, splitAddress } from "./mail-domain";

type AliasRow = typeof mailboxAliases.$inferSelect;

function aliasView(row: AliasRow): MailboxAlias {
  return {
    id: row.id,
    address: row.address,
    domainId: row.domainId,
    destinations: row.destinations,
    isCatchAll: row.address.startsWith("*@"),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createAlias(accountId: string, input: z.output<typeof createAliasBody>, client: ClientInfo) {
  const { address, domain } = splitAddress(input.address);
  const requested = input.destinations.map((destination) => splitAddress(destination, "destinations").address);
  const destinations = [...new Set(requested)];
  const row = await db().transaction(async (tx) => {
    const mailDomain = await getMailDomainOrThrow(tx, accountId, domain);
    const own = await tx
      .select({ address: mailboxes.address })
      .from(mailboxes)
      .where(and(eq(mailboxes.accountId, accountId), inArray(mailboxes.address, destinations)));
    const owned = new Set(own.map((mailbox) => mailbox.address));
    const errors = requested
      .map((destination, index) => ({ path: `destinations.${index}`, message: `${destination} is not one of your mailboxes` }))
      .filter((_, index) => !owned.has(requested[index]!));
    if (errors.length > 0) throw new AppError("validation_error", "The request is not valid.", { errors });
    await claimAddress(tx, address);
    const [inserted] = await tx
      .insert(mailboxAliases)
      .values({ id: newId("als"), accountId, domainId: mailDomain.id, address, destinations, createdAt: now() })
      .returning();
    await recordActivity(
      {
        accountId,
        type: "mailbox.alias_created",
        description: `Created the alias ${address} → ${destinations.join(", ")}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { aliasId: inserted!.id, address, destinations },
      },
      tx,
    );
    return inserted!;
  });
  return aliasView(row);
}

export async function listAliases(accountId: string) {
  const rows = await db().select().from(mailboxAliases).where(eq(mailboxAliases.accountId, accountId)).orderBy(asc(mailboxAliases.address));
  return rows.map(aliasView);
}

export async function deleteAlias(accountId: string, aliasId: string, client: ClientInfo): Promise<void> {
  await db().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(mailboxAliases)
      .where(and(eq(mailboxAliases.id, aliasId), eq(mailboxAliases.accountId, accountId)))
      .returning({ id: mailboxAliases.id, address: mailboxAliases.address });
    if (!deleted) throw notFound("Alias");
    await recordActivity(
      {
        accountId,
        type: "mailbox.alias_deleted",
        description: `Deleted the alias ${deleted.address}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { aliasId: deleted.id, address: deleted.address },
      },
      tx,
    );
  });
}
