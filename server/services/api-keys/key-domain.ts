// A key restricted to one domain: the domain must be one of the account's own.
import { and, eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { sendingDomains } from "@/server/db/schema";
import { AppError } from "@/server/errors";

export async function assertDomainUsable(accountId: string, domainId: string): Promise<void> {
  const [domain] = await db()
    .select({ id: sendingDomains.id })
    .from(sendingDomains)
    .where(and(eq(sendingDomains.id, domainId), eq(sendingDomains.accountId, accountId)))
    .limit(1);
  if (!domain) {
    throw new AppError("validation_error", "domainId is not a sending domain of this account.", {
      errors: [{ path: "domainId", message: "Choose one of your sending domains" }],
    });
  }
}
