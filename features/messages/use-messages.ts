"use client";
// Sent messages through the BFF. Queued messages are polled until they settle.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { getMessage, listMessages } from "@/shared/api/endpoint-refs";
import type { MessageFilters } from "./message-filters";

export const MESSAGES_PAGE_SIZE = 20;
const POLL_MS = 3_000;

export function useMessages(page: number, filters: MessageFilters = {}) {
  return useQuery({
    queryKey: ["sending", "messages", page, filters],
    queryFn: ({ signal }) => portalFetch(listMessages, { query: { page, limit: MESSAGES_PAGE_SIZE, ...filters }, signal }),
    placeholderData: keepPreviousData,
    // Messages arrive through the API, not the portal: every visit asks for the latest.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === "queued" || item.status === "scheduled") ? POLL_MS : false,
  });
}

export function useMessage(messageId: string) {
  return useQuery({
    queryKey: ["sending", "message", messageId],
    queryFn: ({ signal }) => portalFetch(getMessage, { params: { message_id: messageId }, signal }),
    // Opens and clicks keep adding events after the message is sent.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === "queued" || query.state.data?.status === "scheduled" ? POLL_MS : false),
  });
}
