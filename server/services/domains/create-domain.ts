// POST /sending/domains: adds a domain with a fresh ownership token and DKIM
// key pair, and returns the records its owner has to publish.
import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { sendingDomainRecords, sendingDomains } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import { generateDkimKeyPair } from "./dkim-keys";
import { domainView } from "./domain-view";
import { expectedRecords } from "./expected-records";
import { normalizeDomainName } from "./normalize-domain-name";

async function refuseTakenName(accountId: string, name: string): Promise<void> {
  const [own] = await db()
    .select({ id: sendingDomains.id })
    .from(sendingDomains)
    .where(and(eq(sendingDomains.accountId, accountId), eq(sendingDomains.name, name)))
    .limit(1);
  if (own) throw new AppError("domain_exists", `${name} is already on your account.`);
  const [claimed] = await db()
    .select({ id: sendingDomains.id })
    .from(sendingDomains)
    .where(and(eq(sendingDomains.name, name), ne(sendingDomains.accountId, accountId), isNotNull(sendingDomains.verifiedAt)))
    .limit(1);
  if (claimed) throw new AppError("domain_taken", `${name} is verified by another account.`);
}

export async function createDomain(accountId: string, input: { name: string }, client: ClientInfo) {
  const normalized = normalizeDomainName(input.name);
  if (!normalized.ok) {
    throw new AppError("validation_error", "The request is not valid.", { errors: [{ path: "name", message: normalized.reason }] });
  }
  const { name } = normalized;
  await refuseTakenName(accountId, name);

  const id = newId("dom");
  const dkim = await generateDkimKeyPair(id);
  const at = now();
  const domainValues = {
    id,
    accountId,
    name,
    status: "pending" as const,
    ownershipToken: randomBytes(16).toString("hex"),
    dkimSelector: dkim.selector,
    dkimPublicKey: dkim.publicKey,
    dkimPrivateKeySealed: dkim.privateKeySealed,
    createdAt: at,
    statusChangedAt: at,
  };
  const recordValues = expectedRecords(domainValues).map((record, position) => ({
    ...record,
    domainId: id,
    position,
    status: "pending" as const,
  }));

  try {
    const [domain, records] = await db().transaction(async (tx) => {
      const [inserted] = await tx.insert(sendingDomains).values(domainValues).returning();
      const insertedRecords = await tx.insert(sendingDomainRecords).values(recordValues).returning();
      await recordActivity(
        {
          accountId,
          type: "domain.added",
          description: `Added the sending domain ${name}`,
          ip: client.ip,
          userAgent: client.userAgent,
          metadata: { domainId: id, name },
        },
        tx,
      );
      return [inserted!, insertedRecords] as const;
    });
    return domainView(domain, records);
  } catch (error) {
    // Two requests adding the same name at once: the unique index decides.
    if ((error as { cause?: { code?: string }; code?: string }).cause?.code === "23505" || (error as { code?: string }).code === "23505") {
      throw new AppError("domain_exists", `${name} is already on your account.`);
    }
    throw error;
  }
}
