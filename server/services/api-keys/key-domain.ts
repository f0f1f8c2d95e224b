// A key restricted to one domain: the domain must be one of the account's own.
import { AppError } from "@/server/http/errors";

export async function assertDomainUsable(_accountId: string, _domainId: string): Promise<void> {
  throw new AppError("validation_error", "Sending domains are not available yet.", { errors: [{ path: "domainId", message: "Unknown domain" }] });
}
