"use client";
// The account's sessions (devices) through the BFF: list, sign one out, sign
// out all others. Signing out the current session ends the portal session too.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listSessions, revokeAllSessions, revokeSession } from "@/shared/api/endpoint-refs";
import { portalFetch } from "@/features/api/portal-fetch";
import { signOut } from "@/features/auth/next-auth-client";

export const sessionsQueryKey = ["auth", "sessions"] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => portalFetch(listSessions, { signal }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, isCurrent }: { sessionId: string; isCurrent: boolean }) => {
      await portalFetch(revokeSession, { params: { session_id: sessionId } });
      // The API session is gone; drop the portal's cookie as well and leave.
      if (isCurrent) await signOut({ callbackUrl: "/sign-in" });
    },
    // A 404 means it had already ended elsewhere: the list is stale either way.
    onSettled: (_data, _error, { isCurrent }) => {
      if (!isCurrent) return queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => portalFetch(revokeAllSessions, { body: { confirm: true } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
