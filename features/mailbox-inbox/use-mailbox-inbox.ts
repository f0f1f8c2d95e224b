"use client";
// A hosted mailbox's inbox through the BFF: pages of messages, one message, delete.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { deleteMailboxMessage, getMailboxMessage, listMailboxMessages } from "@/shared/api/endpoint-refs";

export const INBOX_PAGE_SIZE = 25;
const inboxKey = (mailboxId: string) => ["mailboxes", mailboxId, "messages"] as const;

export function useMailboxMessages(mailboxId: string, page: number) {
  return useQuery({
    queryKey: [...inboxKey(mailboxId), page],
    queryFn: ({ signal }) =>
      portalFetch(listMailboxMessages, { params: { mailbox_id: mailboxId }, query: { page, limit: INBOX_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    // Mail arrives on its own: every visit asks for the latest, and an open inbox looks again now and then.
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

export function useMailboxMessage(mailboxId: string, messageId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...inboxKey(mailboxId), "message", messageId],
    enabled: messageId !== null,
    queryFn: async ({ signal }) => {
      const message = await portalFetch(getMailboxMessage, { params: { mailbox_id: mailboxId, message_id: messageId! }, signal });
      // Reading marks it seen: the list shows that.
      void queryClient.invalidateQueries({ queryKey: inboxKey(mailboxId), predicate: (query) => typeof query.queryKey[3] === "number" });
      return message;
    },
  });
}

export function useDeleteMailboxMessage(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => portalFetch(deleteMailboxMessage, { params: { mailbox_id: mailboxId, message_id: messageId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey(mailboxId) }),
  });
}
