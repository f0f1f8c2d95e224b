// What the API said about an address (taken by someone, or not on one of the
// account's domains), for forms that ask for it as a local part and a domain.
import { PortalApiError } from "@/features/api/portal-fetch";

export function addressProblemOf(error: unknown): string | undefined {
  if (!(error instanceof PortalApiError)) return undefined;
  if (error.code === "address_taken") return error.message;
  return error.errors.find((entry) => entry.path === "address")?.message;
}
