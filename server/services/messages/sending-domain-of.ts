// Which of the account's domains a `from` address sends from. Only a domain
// that has been verified may send; one in temporary_failure keeps sending
// (a DNS hiccup must not stop a customer's mail) until the re-check job
// decides otherwise. The service's test sender (test-sender.ts) is the one
// address outside the account's domains, under rules of its own.
import { sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { hotStatement } from "@/server/db/prepared";
import {
  type AccountPlan,
  accountPlanOf,
  type SubscriptionColumns,
  subscriptionColumnsOfS,
  subscriptionFactsOf,
} from "@/server/services/billing/account-plan";
import { AppError } from "@/server/errors";
import type { ApiKeyGrant } from "@/server/services/api-keys/authenticate-api-key";
import { addressOf } from "@/shared/schemas/messages";
import { isTestSender, testSenderDomain } from "./test-sender";

/** A verified sending domain of the account, with the account's plan at the time (null for the test sender). */
export type CheckedDomain = { id: string | null; name: string; plan: AccountPlan | null };

type DomainAndPlanRow = { id: string | null; name: string | null } & SubscriptionColumns;

/**
 * Run by every send, API or SMTP (at MAIL FROM): the domain, and the subscription the quota is charged by, in one
 * round trip; built and prepared once. One row always comes back, its domain columns null when it is not one.
 */
const domainAndPlanOf = hotStatement<DomainAndPlanRow>(
  "sending-domain-and-plan",
  () => sql`
    select d.id, d.name, ${subscriptionColumnsOfS}
      from (select 1) as one
      left join subscriptions s on s.account_id = ${sql.placeholder("accountId")}
      left join sending_domains d
        on d.account_id = ${sql.placeholder("accountId")} and d.name = ${sql.placeholder("domainName")}
       and d.verified_at is not null and d.status in ('verified', 'temporary_failure')`,
);

/** `recipients`: every to, cc and bcc mailbox of the message (the test sender sends only to the account's own address). */
export async function sendingDomainOf(
  accountId: string,
  from: string,
  apiKey: ApiKeyGrant | null,
  recipients: string[] = [],
): Promise<CheckedDomain> {
  if (isTestSender(from)) return { ...(await testSenderDomain(accountId, recipients, apiKey, db())), plan: null };
  const address = addressOf(from);
  // Every door hands over a `from` its own rules read as one mailbox; one that is not is refused, never a crash.
  if (!address)
    throw new AppError("validation_error", "From must be exactly one mailbox.", {
      errors: [{ path: "from", message: "Use one address like ada@example.com" }],
    });
  const domainName = address.slice(address.lastIndexOf("@") + 1);
  const row = (await domainAndPlanOf({ accountId, domainName })).rows[0]!;
  if (!row.id || !row.name) {
    throw new AppError("validation_error", `${domainName} is not a verified sending domain of this account.`, {
      errors: [{ path: "from", message: `Send from a verified domain of your account; ${domainName} is not one` }],
    });
  }
  if (apiKey?.domainId && apiKey.domainId !== row.id) {
    throw new AppError("forbidden", `This API key may only send from its own domain, not ${domainName}.`);
  }
  return { id: row.id, name: row.name, plan: accountPlanOf(subscriptionFactsOf(row), now()) };
}
