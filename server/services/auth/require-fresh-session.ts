// Sensitive actions need a session that signed in (or re-authenticated)
// within the last 15 minutes (docs/email-and-two-factor.md, docs/accounts.md).
import { now } from "@/server/clock";
import { AppError } from "@/server/errors";
import type { AuthContext } from "./authenticate-bearer";

export const FRESH_SESSION_MS = 15 * 60 * 1000;

export function isFreshSession(auth: AuthContext): boolean {
  return now().getTime() - auth.session.authenticatedAt.getTime() <= FRESH_SESSION_MS;
}

export function requireFreshSession(auth: AuthContext): void {
  if (!isFreshSession(auth)) {
    throw new AppError("reauthentication_required", "For your security, sign in again (or re-authenticate) before changing this.");
  }
}
