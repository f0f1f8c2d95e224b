// POST /sending/domains/{domain_id}/verify: check the owner's DNS now.
import { AppError } from "@/server/errors";
import type { ClientInfo } from "@/shared/api/client-info";
import { checkDomain } from "./check-domain";
import { domainView, getOwnedDomainOrThrow } from "./domain-view";

export async function verifyDomain(accountId: string, domainId: string, client: ClientInfo) {
  await getOwnedDomainOrThrow(accountId, domainId);
  const outcome = await checkDomain(domainId, { requestedBy: client });
  if (outcome.takenByAnotherAccount) {
    throw new AppError("domain_taken", `${outcome.domain.name} was verified by another account first.`);
  }
  return domainView(outcome.domain, outcome.records);
}
