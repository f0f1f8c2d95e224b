"use client";
// The account settings through the BFF: profile, password and security
// preferences. Each change puts the API's answer into the signed-in account
// (meQueryKey), so the header, the forms and the banner agree without a refetch.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { changePassword, updateProfile, updateSecurityPreferences } from "@/shared/api/endpoint-refs";
import type { Me } from "@/shared/schemas/account";
import type { changePasswordBody, profileBody, securityPreferencesBody } from "@/shared/schemas/settings";
import { meQueryKey } from "@/features/account/use-account";
import { portalFetch } from "@/features/api/portal-fetch";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof profileBody>) => portalFetch(updateProfile, { body }),
    // The account's fields change; who acts in it, and with which role, do not.
    onSuccess: (account) => queryClient.setQueryData<Me>(meQueryKey, (me) => (me ? { ...me, ...account } : me)),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.output<typeof changePasswordBody>) => portalFetch(changePassword, { body }),
  });
}

export function useUpdateSecurityPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof securityPreferencesBody>) => portalFetch(updateSecurityPreferences, { body }),
    onSuccess: (preferences) => queryClient.setQueryData<Me>(meQueryKey, (me) => (me ? { ...me, ...preferences } : me)),
  });
}
