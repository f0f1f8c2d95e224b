"use client";
// The test sender through the BFF: who may be written to, and the one-click test email.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { confirmEmail, getTestSender, sendEmailConfirmation, sendMessage } from "@/shared/api/endpoint-refs";
import type { TestSender } from "@/shared/schemas/test-sender";
import { testEmailBody } from "./test-email";

const testSenderKey = ["sending", "test-sender"] as const;

export function useTestSender() {
  return useQuery({ queryKey: testSenderKey, queryFn: ({ signal }) => portalFetch(getTestSender, { signal }), staleTime: 0 });
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sender: TestSender) => portalFetch(sendMessage, { body: testEmailBody(sender) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: testSenderKey });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}

/** Proving the address: a code is emailed to it… */
export function useSendConfirmationCode() {
  return useMutation({ mutationFn: () => portalFetch(sendEmailConfirmation, { body: {} }) });
}

/** …and entering it confirms the address, which opens the test sender. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => portalFetch(confirmEmail, { body: { code } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: testSenderKey }),
  });
}
