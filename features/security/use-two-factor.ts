"use client";
// Two-factor setup, confirmation and turning off (POST /account/2fa/*), and
// re-authentication (POST /auth/reauthenticate), all through the BFF. The
// account's `twoFactorEnabled` lives in GET /auth/me (meQueryKey), so the
// header and the page stay in step after a change.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { disableTwoFactor, reauthenticate, setupTwoFactor, verifyTwoFactor } from "@/shared/api/endpoint-refs";
import type { Me } from "@/shared/schemas/account";
import type { reauthenticateBody } from "@/shared/schemas/two-factor";
import { meQueryKey } from "@/features/account/use-account";
import { portalFetch } from "@/features/api/portal-fetch";

function useSetTwoFactorEnabled() {
  const queryClient = useQueryClient();
  return (twoFactorEnabled: boolean) =>
    queryClient.setQueryData<Me>(meQueryKey, (account) => (account ? { ...account, twoFactorEnabled } : account));
}

/** A new secret and its otpauth:// URI (needs a fresh session). */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: () => portalFetch(setupTwoFactor, { body: {} }) });
}

/** The first code from the app turns two-factor on; the answer holds the recovery codes. */
export function useConfirmTwoFactor() {
  const setEnabled = useSetTwoFactorEnabled();
  return useMutation({
    mutationFn: (code: string) => portalFetch(verifyTwoFactor, { body: { code } }),
    onSuccess: () => setEnabled(true),
  });
}

/** With a code, or without one on a fresh session. */
export function useDisableTwoFactor() {
  const setEnabled = useSetTwoFactorEnabled();
  return useMutation({
    mutationFn: (code: string | undefined) => portalFetch(disableTwoFactor, { body: code === undefined ? {} : { code } }),
    onSuccess: () => setEnabled(false),
  });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: (proof: z.input<typeof reauthenticateBody>) => portalFetch(reauthenticate, { body: proof }) });
}
