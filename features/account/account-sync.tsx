"use client";
// Loaded after hydration by the root providers for a signed-in visitor: asks
// GET /auth/me and keeps the header's store (account-store.ts) in step with
// the query, which the settings and security pages share and update.
// It uses "throw" on 401: the header is on public pages too, where an ended
// session must not bounce anyone to /sign-in; it shows the signed-out links instead.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { PortalApiError, portalFetch } from "@/features/api/portal-fetch";
import { portalQueryClient } from "@/features/api/query-client";
import { getMe } from "@/shared/api/endpoint-refs";
import { setMeState } from "./account-store";
import { meQueryKey } from "./use-account";

export default function AccountSync() {
  const me = useQuery(
    {
      queryKey: meQueryKey,
      queryFn: ({ signal }) => portalFetch(getMe, { signal, onUnauthorized: "throw" }),
      staleTime: 60_000,
    },
    portalQueryClient(),
  );
  const hasEnded = me.error instanceof PortalApiError && me.error.status === 401;
  useEffect(() => setMeState({ details: me.data, hasEnded }), [me.data, hasEnded]);
  // Unmounted when the visitor signs out in place: the header forgets the account.
  useEffect(() => () => setMeState({ hasEnded: false }), []);
  return null;
}
