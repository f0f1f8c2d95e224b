"use client";
// A hosted mailbox's mail through the BFF: the mailbox itself, its folders
// (with unread counts), pages of a folder's messages (cursor paging, search
// and filters), one message, and what changes them: flags, moves, delete.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { useServerRead } from "@/features/api/use-server-read";
import type { ServerRead } from "@/shared/api/server-read";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import {
  deleteMailboxMessage,
  getMailbox,
  getMailboxMessage,
  listMailboxFolders,
  listMailboxMessages,
  updateMailboxMessage,
} from "@/shared/api/endpoint-refs";
import type { MailboxMessageDetail, MailboxMessagePage } from "@/shared/schemas/mailbox-messages";
import { isStorageOffline } from "./storage-offline";

export const MESSAGES_PAGE_SIZE = 25;

export const mailboxKeys = {
  all: (mailboxId: string) => ["mailboxes", mailboxId] as const,
  folders: (mailboxId: string) => ["mailboxes", mailboxId, "folders"] as const,
  lists: (mailboxId: string) => ["mailboxes", mailboxId, "messages", "list"] as const,
  message: (mailboxId: string, messageId: string) => ["mailboxes", mailboxId, "messages", "message", messageId] as const,
};

/** What narrows a folder's list: the search words, the three filters the API takes, and whether to search every folder. */
export type MessageFilters = { q: string; unseen: boolean; flagged: boolean; hasAttachment: boolean; allFolders: boolean };
export const noFilters: MessageFilters = { q: "", unseen: false, flagged: false, hasAttachment: false, allFolders: false };
export const isFiltered = (filters: MessageFilters) => filters.q !== "" || filters.unseen || filters.flagged || filters.hasAttachment;

/** Storage being offline is shown at once (asking again within seconds rarely helps); other 5xx and network trouble are retried. */
const retry = (failureCount: number, error: Error) =>
  !isStorageOffline(error) && !("isClientError" in error && error.isClientError) && failureCount < 2;

/** `serverRead`: the mailbox the page's server render read, when it could. */
export function useMailbox(mailboxId: string, serverRead?: ServerRead<Mailbox> | null) {
  const queryKey = ["mailboxes", mailboxId, "details"];
  useServerRead(queryKey, serverRead);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => portalFetch(getMailbox, { params: { mailbox_id: mailboxId }, signal }),
  });
}

export function useMailboxFolders(mailboxId: string) {
  return useQuery({
    queryKey: mailboxKeys.folders(mailboxId),
    queryFn: ({ signal }) => portalFetch(listMailboxFolders, { params: { mailbox_id: mailboxId }, signal }),
    retry,
    // The unread counts follow new mail as the list does.
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

const flag = (on: boolean) => (on ? ("true" as const) : undefined);

export function useMailboxMessages(mailboxId: string, folder: string, filters: MessageFilters) {
  // Across folders only while something narrows the list (the API needs words or a filter for it).
  const allFolders = filters.allFolders && isFiltered(filters);
  return useInfiniteQuery({
    queryKey: [...mailboxKeys.lists(mailboxId), folder, filters],
    initialPageParam: undefined as { cursor?: string; page?: number } | undefined,
    // A folder pages by cursor; a search of every folder by page number.
    getNextPageParam: (page: MailboxMessagePage) =>
      page.nextCursor
        ? { cursor: page.nextCursor }
        : allFolders && page.pagination.page < page.pagination.totalPages
          ? { page: page.pagination.page + 1 }
          : undefined,
    queryFn: ({ pageParam, signal }) =>
      portalFetch(listMailboxMessages, {
        params: { mailbox_id: mailboxId },
        query: {
          folder,
          cursor: pageParam?.cursor,
          page: pageParam?.page,
          limit: MESSAGES_PAGE_SIZE,
          allFolders: flag(allFolders),
          q: filters.q || undefined,
          unseen: flag(filters.unseen),
          flagged: flag(filters.flagged),
          hasAttachment: flag(filters.hasAttachment),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry,
    // Mail arrives on its own: every visit asks for the latest, and an open folder looks again now and then.
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

/** Reading changes unread counts: the lists and the folders look again. */
function refreshLists(queryClient: ReturnType<typeof useQueryClient>, mailboxId: string) {
  void queryClient.invalidateQueries({ queryKey: mailboxKeys.lists(mailboxId) });
  void queryClient.invalidateQueries({ queryKey: mailboxKeys.folders(mailboxId) });
}

type MessageOptions = {
  /** The folder it is listed in, where the API looks first (it finds the message wherever it is now). */
  listedIn?: string;
  /** Its UID in that folder, from the list: the API opens it there without a search. */
  uid?: number;
  liveDelivery?: boolean;
};

export function useMailboxMessage(mailboxId: string, messageId: string | null, options: MessageOptions = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: mailboxKeys.message(mailboxId, messageId ?? ""),
    enabled: messageId !== null,
    retry,
    queryFn: async ({ signal, queryKey }) => {
      const before = queryClient.getQueryData<MailboxMessageDetail>(queryKey);
      const message = await portalFetch(getMailboxMessage, {
        params: { mailbox_id: mailboxId, message_id: messageId ?? "" },
        query: { folder: options.listedIn, uid: options.listedIn === undefined ? undefined : options.uid },
        signal,
      });
      // Reading marks it seen: the list and the folder's count show that (a message read before changes nothing).
      if (!before?.seen) refreshLists(queryClient, mailboxId);
      return message;
    },
    // In Sent, the recipients' states change while the message is on its way.
    refetchInterval: (query) => (options.liveDelivery && isUnderway(query.state.data) ? 10_000 : false),
  });
}

const underway = new Set(["queued", "sent", "deferred"]);
const isUnderway = (message: MailboxMessageDetail | undefined) =>
  message?.delivery?.recipients.some((recipient) => underway.has(recipient.status)) ?? false;

export function useDeleteMailboxMessage(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => portalFetch(deleteMailboxMessage, { params: { mailbox_id: mailboxId, message_id: messageId } }),
    // The storage used shown on /mailboxes goes down too. Not waited for: the message leaves the view at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["mailboxes"] }),
  });
}

export type MessageChange = { messageId: string; seen?: boolean; flagged?: boolean; folder?: string };

/**
 * Sets read and flagged, or moves a message to another folder (its id stays);
 * into or out of Junk a move also teaches the spam filter (the answer's `learned`).
 */
export function useUpdateMailboxMessage(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, ...body }: MessageChange) =>
      portalFetch(updateMailboxMessage, { params: { mailbox_id: mailboxId, message_id: messageId }, body }),
    onSuccess: (updated) => {
      // The open message shows its new flags and folder without reading it again (which would mark it seen).
      queryClient.setQueryData<MailboxMessageDetail>(mailboxKeys.message(mailboxId, updated.id), (message) =>
        message ? { ...message, seen: updated.seen, flagged: updated.flagged, folder: updated.folder } : message,
      );
      refreshLists(queryClient, mailboxId);
    },
  });
}
