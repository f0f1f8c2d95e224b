"use client";
// Sensitive changes (two-factor setup and turning it off, code sign-in, and
// deleting the account) need a session from the last 15 minutes; otherwise the
// API answers 403 reauthentication_required. Instead of signing out, the page
// asks "Confirm it's you" (<ConfirmIdentity>) and then runs the refused change again.
import { useState } from "react";
import { PortalApiError } from "@/features/api/portal-fetch";

export const needsFreshSession = (error: unknown): boolean => error instanceof PortalApiError && error.code === "reauthentication_required";

type Pending = { action: string; retry: () => void };

export function useReauthentication() {
  const [pending, setPending] = useState<Pending | null>(null);
  return {
    /** What is waiting for the confirmation ("Turning on code sign-in"), or null. */
    action: pending?.action ?? null,
    /** When `error` asks for a fresh session, shows the confirmation and returns true; `retry` runs once confirmed. */
    askIfNeeded(error: unknown, action: string, retry: () => void): boolean {
      if (!needsFreshSession(error)) return false;
      setPending({ action, retry });
      return true;
    },
    confirmed() {
      setPending(null);
      pending?.retry();
    },
    cancel: () => setPending(null),
  };
}
