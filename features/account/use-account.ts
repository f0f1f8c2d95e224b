"use client";
// The signed-in account, for the header: the email the server put in the
// layout, and GET /auth/me once account-sync.tsx has read it.
import type { Me } from "@/shared/schemas/account";
import { useSignedInEmail } from "@/features/auth/portal-session";
import { useMeState } from "./account-store";

export const meQueryKey = ["auth", "me"] as const;

export type AccountState =
  /** `details` is the API's account once loaded (name, deletion schedule, …). */
  { status: "signed-in"; email: string; details?: Me } | { status: "signed-out" };

export function useAccount(): AccountState {
  const sessionEmail = useSignedInEmail();
  const me = useMeState();
  if (!sessionEmail || me.hasEnded) return { status: "signed-out" };
  // The cookie knows the email at sign-in; the API knows it now.
  return { status: "signed-in", email: me.details?.email ?? sessionEmail, details: me.details };
}
