"use client";
// The account's code sign-in setting: read from GET /auth/me, changed with
// PUT /account/otp-login, both through the BFF. The header reads the same
// account (meQueryKey), so both stay in step after a change.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { setOtpLogin } from "@/shared/api/endpoint-refs";
import type { Me } from "@/shared/schemas/account";
import { meQueryKey } from "@/features/account/use-account";
import { portalFetch } from "@/features/api/portal-fetch";

export function useSetOtpLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => portalFetch(setOtpLogin, { body: { enabled } }),
    onSuccess: ({ otpLoginEnabled }) => {
      queryClient.setQueryData<Me>(meQueryKey, (account) => (account ? { ...account, otpLoginEnabled } : account));
    },
  });
}
