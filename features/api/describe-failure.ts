// The line a form shows when a call fails for a reason that is not about one
// of its fields. Its own module: pages that never show one do not carry the
// sign-in error helpers it uses.
import { failureMessage } from "@/features/auth/sign-in-error";
import { PortalApiError } from "./portal-fetch";

/** The API's message (with when to try again, after a 429), or a plain apology for anything else. */
export function describeFailure(error: unknown): string {
  return error instanceof PortalApiError ? failureMessage(error) : "Something went wrong. Please try again.";
}
