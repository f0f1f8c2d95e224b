// The domain part of a mailbox or alias address: one of the account's domains
// whose ownership record is verified (sending verification is not needed to
// receive). Also the one place that serialises claims on an address, which
// must be unique across mailboxes and aliases of every account.
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/client";
import { mailboxAliases, mailboxes, sendingDomainRecords, sendingDomains } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { normalizeDomainName } from "@/server/services/domains/normalize-domain-name";

export type MailDomain = { id: string; name: string };

const invalid = (path: string, message: string) =>
  new AppError("validation_error", "The request is not valid.", { errors: [{ path, message }] });

/** `local@domain` with the domain in the form domains are stored (lower case, punycode). */
export function splitAddress(address: string, path = "address"): { local: string; domain: string; address: string } {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  const normalized = normalizeDomainName(address.slice(at + 1));
  if (!normalized.ok) throw invalid(path, normalized.reason);
  return { local, domain: normalized.name, address: `${local}@${normalized.name}` };
}

/** The account's domain of that name, if its ownership is proven; 400 on `path` otherwise. */
export async function getMailDomainOrThrow(tx: Executor, accountId: string, domainName: string, path = "address"): Promise<MailDomain> {
  const [row] = await tx
    .select({
      id: sendingDomains.id,
      name: sendingDomains.name,
      verifiedAt: sendingDomains.verifiedAt,
      ownership: sendingDomainRecords.status,
    })
    .from(sendingDomains)
    .leftJoin(
      sendingDomainRecords,
      and(eq(sendingDomainRecords.domainId, sendingDomains.id), eq(sendingDomainRecords.purpose, "ownership")),
    )
    .where(and(eq(sendingDomains.accountId, accountId), eq(sendingDomains.name, domainName)))
    .limit(1);
  if (!row) throw invalid(path, `${domainName} is not one of your domains. Add it under Domains first.`);
  if (row.ownership !== "verified" && !row.verifiedAt) {
    throw invalid(path, `${domainName} is not verified yet: publish its ownership record and press Verify.`);
  }
  return { id: row.id, name: row.name };
}

/** Serialises the account's mailbox changes (the plan's count) for the rest of the transaction. */
export async function lockAccountMailboxes(tx: Executor, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mailboxes:${accountId}`}, 0))`);
}

/** Locks the address for the rest of the transaction and refuses it (409 `address_taken`) when a mailbox or alias has it. */
export async function claimAddress(tx: Executor, address: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail_address:${address}`}, 0))`);
  const [mailbox] = await tx.select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.address, address)).limit(1);
  const [alias] = mailbox
    ? []
    : await tx.select({ id: mailboxAliases.id }).from(mailboxAliases).where(eq(mailboxAliases.address, address)).limit(1);
  if (mailbox || alias) {
    throw new AppError("address_taken", `${address} is already taken by a ${mailbox ? "mailbox" : "alias"}.`);
  }
}
