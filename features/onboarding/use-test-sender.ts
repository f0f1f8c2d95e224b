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

/** Proving the address: a code is emailed to it (pending until the test sender, read again, says until when it works)… */
export function useSendConfirmationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => portalFetch(sendEmailConfirmation, { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testSenderKey }),
  });
}

/** …and entering it confirms the address, which opens the test sender (or, after a fifth wrong try, kills the code). */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => portalFetch(confirmEmail, { body: { code } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: testSenderKey }),
  });
}
