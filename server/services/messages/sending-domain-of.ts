// Which of the account's domains a `from` address sends from. Only a domain
// that has been verified may send; one in temporary_failure keeps sending
// (a DNS hiccup must not stop a customer's mail) until the re-check job
// decides otherwise. The service's test sender (test-sender.ts) is the one
// address outside the account's domains, under rules of its own.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { hotQuery } from "@/server/db/prepared";
import { sendingDomains } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { ApiKeyGrant } from "@/server/services/api-keys/authenticate-api-key";
import { addressOf } from "@/shared/schemas/messages";
import { isTestSender, testSenderDomain } from "./test-sender";

/** Run by every send, API or SMTP (at MAIL and again at DATA): built and prepared once. */
const sendingDomainQuery = hotQuery("sending-domain-of", (executor) =>
  executor
    .select({ id: sendingDomains.id, name: sendingDomains.name })
    .from(sendingDomains)
    .where(
      and(
        eq(sendingDomains.accountId, sql.placeholder("accountId")),
        eq(sendingDomains.name, sql.placeholder("domainName")),
        isNotNull(sendingDomains.verifiedAt),
        inArray(sendingDomains.status, ["verified", "temporary_failure"]),
      ),
    )
    .limit(1),
);

/** `recipients`: every to, cc and bcc mailbox of the message (the test sender sends only to the account's own address). */
export async function sendingDomainOf(
  accountId: string,
  from: string,
  apiKey: ApiKeyGrant | null,
  tx: Executor = db(),
  recipients: string[] = [],
): Promise<{ id: string | null; name: string }> {
  if (isTestSender(from)) return testSenderDomain(accountId, recipients, apiKey, tx);
  const address = addressOf(from);
  // Every door hands over a `from` its own rules read as one mailbox; one that is not is refused, never a crash.
  if (!address)
    throw new AppError("validation_error", "From must be exactly one mailbox.", {
      errors: [{ path: "from", message: "Use one address like ada@example.com" }],
    });
  const domainName = address.slice(address.lastIndexOf("@") + 1);
  const [domain] = await sendingDomainQuery(tx).execute({ accountId, domainName });
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
