// Which of the account's domains a `from` address sends from. Only a domain
// that has been verified may send; one in temporary_failure keeps sending
// (a DNS hiccup must not stop a customer's mail) until the re-check job
// decides otherwise.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { sendingDomains } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { ApiKeyGrant } from "@/server/services/api-keys/authenticate-api-key";
import { addressOf } from "@/shared/schemas/messages";

export async function sendingDomainOf(accountId: string, from: string, apiKey: ApiKeyGrant | null, tx: Executor = db()) {
  const address = addressOf(from)!;
  const domainName = address.slice(address.lastIndexOf("@") + 1);
  const [domain] = await tx
    .select({ id: sendingDomains.id, name: sendingDomains.name })
    .from(sendingDomains)
    .where(
      and(
        eq(sendingDomains.accountId, accountId),
        eq(sendingDomains.name, domainName),
        isNotNull(sendingDomains.verifiedAt),
        inArray(sendingDomains.status, ["verified", "temporary_failure"]),
      ),
    )
    .limit(1);
  if (!domain) {
    throw new AppError("validation_error", `${domainName} is not a verified sending domain of this account.`, {
      errors: [{ path: "from", message: `Send from a verified domain of your account; ${domainName} is not one` }],
    });
  }
  if (apiKey?.domainId && apiKey.domainId !== domain.id) {
    throw new AppError("forbidden", `This API key may only send from its own domain, not ${domainName}.`);
  }
  return domain;
}
