"use client";
// A hosted mailbox's rules through the BFF: read them, replace them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { getMailboxRules, putMailboxRules } from "@/shared/api/endpoint-refs";
import type { MailboxRulesDocument } from "@/shared/schemas/mailbox-rules";

const rulesKey = (mailboxId: string) => ["mailboxes", mailboxId, "rules"] as const;

export function useMailboxRules(mailboxId: string) {
  return useQuery({
    queryKey: rulesKey(mailboxId),
    queryFn: ({ signal }) => portalFetch(getMailboxRules, { params: { mailbox_id: mailboxId }, signal }),
  });
}

export function useSaveMailboxRules(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailboxRulesDocument) => portalFetch(putMailboxRules, { params: { mailbox_id: mailboxId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(rulesKey(mailboxId), saved),
  });
}
