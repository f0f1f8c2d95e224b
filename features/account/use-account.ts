"use client";
// The signed-in account, for the header. It uses "throw" on 401: the header
// is on public pages too, where an ended session must not bounce anyone to
// /sign-in; it shows the signed-out links instead.
import { useQuery } from "@tanstack/react-query";
import { getMe } from "@/shared/api/endpoint-refs";
import type { Account } from "@/shared/schemas/account";
import { PortalApiError, portalFetch } from "@/features/api/portal-fetch";
import { useSignedInEmail } from "@/features/auth/portal-session";

export const meQueryKey = ["auth", "me"] as const;

export type AccountState =
  /** `details` is the API's account once loaded (name, deletion schedule, …). */
  | { status: "signed-in"; email: string; details?: Account }
  | { status: "signed-out" };

export function useAccount(): AccountState {
  const sessionEmail = useSignedInEmail();
  const isAuthenticated = Boolean(sessionEmail);
  const me = useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => portalFetch(getMe, { signal, onUnauthorized: "throw" }),
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
  // The BFF answered 401 and cleared the cookie: the API ended this session.
  const hasEnded = me.error instanceof PortalApiError && me.error.status === 401;
  if (!isAuthenticated || hasEnded) return { status: "signed-out" };
  // The cookie knows the email at sign-in; the API knows it now.
  return { status: "signed-in", email: me.data?.email ?? sessionEmail!, details: me.data };
}
