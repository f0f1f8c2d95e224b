"use client";
// A hosted mailbox's inbox through the BFF: the mailbox itself, pages of
// folders, messages, one message, delete, and moves ("Spam" / "Not spam").
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import {
  deleteMailboxMessage,
  getMailbox,
  getMailboxMessage,
  listMailboxFolders,
  listMailboxMessages,
  updateMailboxMessage,
} from "@/shared/api/endpoint-refs";
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

export function useMailboxFolders(mailboxId: string) {
  return useQuery({
    queryKey: ["mailboxes", mailboxId, "folders"],
    queryFn: ({ signal }) => portalFetch(listMailboxFolders, { params: { mailbox_id: mailboxId }, signal }),
    retry,
  });
}

export function useMailboxMessages(mailboxId: string, folder: string, page: number) {
  return useQuery({
    queryKey: [...inboxKey(mailboxId), page, folder],
    queryFn: ({ signal }) =>
      portalFetch(listMailboxMessages, {
        params: { mailbox_id: mailboxId },
        query: { folder, page, limit: INBOX_PAGE_SIZE },
        signal,
      }),
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

/** Moves a message to another folder; into or out of Junk this also teaches the spam filter (the answer's `learned`). */
export function useMoveMailboxMessage(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, folder }: { messageId: string; folder: string }) =>
      portalFetch(updateMailboxMessage, { params: { mailbox_id: mailboxId, message_id: messageId }, body: { folder } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["mailboxes", mailboxId] }),
  });
}
