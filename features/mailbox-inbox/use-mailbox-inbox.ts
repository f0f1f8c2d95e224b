"use client";
// A hosted mailbox's inbox through the BFF: the mailbox itself, pages of
// messages, one message, delete.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { deleteMailboxMessage, getMailbox, getMailboxMessage, listMailboxMessages } from "@/shared/api/endpoint-refs";
import { isStorageOffline } from "./storage-offline";

export const INBOX_PAGE_SIZE = 25;
const inboxKey = (mailboxId: string) => ["mailboxes", mailboxId, "messages"] as const;

/** Storage being offline is shown at once (asking again within seconds rarely helps); other 5xx and network trouble are retried. */
const retry = (failureCount: number, error: Error) =>
  !isStorageOffline(error) && !("isClientError" in error && error.isClientError) && failureCount < 2;

export function useMailbox(mailboxId: string) {
  return useQuery({
    queryKey: ["mailboxes", mailboxId, "details"],
    queryFn: ({ signal }) => portalFetch(getMailbox, { params: { mailbox_id: mailboxId }, signal }),
  });
}

export function useMailboxMessages(mailboxId: string, page: number) {
  return useQuery({
    queryKey: [...inboxKey(mailboxId), page],
    queryFn: ({ signal }) =>
      portalFetch(listMailboxMessages, { params: { mailbox_id: mailboxId }, query: { page, limit: INBOX_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    retry,
    // Mail arrives on its own: every visit asks for the latest, and an open inbox looks again now and then.
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

export function useMailboxMessage(mailboxId: string, messageId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...inboxKey(mailboxId), "message", messageId],
    retry,
    queryFn: async ({ signal }) => {
      const message = await portalFetch(getMailboxMessage, { params: { mailbox_id: mailboxId, message_id: messageId }, signal });
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
    // The storage used shown on /mailboxes goes down too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["mailboxes"] }),
  });
}
