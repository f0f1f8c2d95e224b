"use client";
// Deleting the account (DELETE /account: scheduled 30 days out, every session
// signed out) and cancelling during the grace period. A fresh session, when the
// API wants one, comes from "Confirm it's you" (features/security/confirm-identity.tsx).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cancelAccountDeletion, deleteAccount } from "@/shared/api/endpoint-refs";
import type { Me } from "@/shared/schemas/account";
import { meQueryKey } from "@/features/account/use-account";
import { PortalApiError, portalFetch } from "@/features/api/portal-fetch";
import { signOut } from "@/features/auth/next-auth-client";

export const DELETION_SCHEDULED_PATH = "/account/deletion-scheduled";

/** Where the portal goes once the account is scheduled for deletion (and signed out). */
export function deletionScheduledUrl(deletionScheduledFor: string): string {
  return `${DELETION_SCHEDULED_PATH}?${new URLSearchParams({ on: deletionScheduledFor })}`;
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async () => {
      const { deletionScheduledFor } = await portalFetch(deleteAccount);
      // The API has signed out every session, this one included: end the portal's too.
      await signOut({ callbackUrl: deletionScheduledUrl(deletionScheduledFor) });
      return deletionScheduledFor;
    },
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  const clearSchedule = () =>
    queryClient.setQueryData<Me>(meQueryKey, (account) => (account ? { ...account, deletionScheduledFor: null } : account));
  return useMutation({
    mutationFn: async () => {
      try {
        await portalFetch(cancelAccountDeletion, { body: {} });
      } catch (error) {
        // 409: nothing is scheduled any more (cancelled in another tab); the goal is reached.
        if (!(error instanceof PortalApiError && error.code === "conflict")) throw error;
      }
    },
    onSuccess: clearSchedule,
  });
}
