// The test sender's signing key: the service's own (server/config/service-dkim-key.ts),
// for a stored message from the service's host rather than a domain of the account.
import { env } from "@/server/config/env";
import { serviceDkimKey } from "@/server/config/service-dkim-key";
import type { DkimSigningKey } from "@/server/services/domains/dkim-keys";

/** The key for a stored message without a domain of the account: the service's, for the test sender; null otherwise. */
export async function testSenderSigningKey(fromDomain: string): Promise<DkimSigningKey | null> {
  return fromDomain === env().mail.hostname ? { domainId: "", ...serviceDkimKey(), status: "verified" } : null;
}
