"use client";
// A mailbox's spam settings through the BFF.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { portalFetch } from "@/features/api/portal-fetch";
import { getMailboxSpamSettings, updateMailboxSpamSettings } from "@/shared/api/endpoint-refs";
import type { updateMailboxSpamSettingsBody } from "@/shared/schemas/mailbox-spam";

const spamKey = (mailboxId: string) => ["mailboxes", mailboxId, "spam"] as const;

export function useSpamSettings(mailboxId: string) {
  return useQuery({
    queryKey: spamKey(mailboxId),
    queryFn: ({ signal }) => portalFetch(getMailboxSpamSettings, { params: { mailbox_id: mailboxId }, signal }),
  });
}

export function useSaveSpamSettings(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof updateMailboxSpamSettingsBody>) =>
      portalFetch(updateMailboxSpamSettings, { params: { mailbox_id: mailboxId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(spamKey(mailboxId), saved),
  });
}
