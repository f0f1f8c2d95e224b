"use client";
// The account's topics and an address's subscriptions, through the BFF.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { createTopic, deleteTopic, listSubscriptions, listTopics, putSubscriptions, updateTopic } from "@/shared/api/endpoint-refs";
import type { z } from "zod";
import type { createTopicBody, updateTopicBody } from "@/shared/schemas/topics";

const topicsKey = ["sending", "topics"] as const;
const subscriptionsKey = ["sending", "subscriptions"] as const;

export function useTopics() {
  return useQuery({ queryKey: topicsKey, queryFn: ({ signal }) => portalFetch(listTopics, { signal }) });
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createTopicBody>) => portalFetch(createTopic, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: topicsKey }),
  });
}

export function useUpdateTopic(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof updateTopicBody>) => portalFetch(updateTopic, { params: { topic_id: topicId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: topicsKey }),
  });
}

export function useDeleteTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicId: string) => portalFetch(deleteTopic, { params: { topic_id: topicId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: topicsKey }),
  });
}

export function useSubscriptions(email: string | undefined) {
  return useQuery({
    queryKey: [...subscriptionsKey, email ?? ""],
    queryFn: ({ signal }) => portalFetch(listSubscriptions, { query: { email: email! }, signal }),
    enabled: Boolean(email),
    // Readers change these from their own links, outside the portal.
    staleTime: 0,
  });
}

export function useSetSubscription(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, status }: { topicId: string; status: "subscribed" | "unsubscribed" }) =>
      portalFetch(putSubscriptions, { params: { email }, body: { topics: { [topicId]: status } } }),
    onSuccess: (subscriptions) => queryClient.setQueryData([...subscriptionsKey, email], subscriptions),
  });
}
