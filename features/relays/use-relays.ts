"use client";
// The account's SMTP relays through the BFF. Every answer that carries a
// relay is written into the list, so rows update without a refetch; moves of
// the default and deletions touch other rows, so those refetch the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { createSmtpRelay, deleteSmtpRelay, listSmtpRelays, testSmtpRelay, updateSmtpRelay } from "@/shared/api/endpoint-refs";
import type { createSmtpRelayBody, SmtpRelay, updateSmtpRelayBody } from "@/shared/schemas/smtp-relay";
import { portalFetch } from "@/features/api/portal-fetch";

export const relaysQueryKey = ["smtp-relays"] as const;

export function useRelays() {
  return useQuery({
    queryKey: relaysQueryKey,
    queryFn: ({ signal }) => portalFetch(listSmtpRelays, { signal }),
  });
}

function useReplaceRelay() {
  const queryClient = useQueryClient();
  return (relay: SmtpRelay) =>
    queryClient.setQueryData<SmtpRelay[]>(relaysQueryKey, (relays) => relays?.map((entry) => (entry.id === relay.id ? relay : entry)));
}

export function useCreateRelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof createSmtpRelayBody>) => portalFetch(createSmtpRelay, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: relaysQueryKey }),
  });
}

export function useUpdateRelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof updateSmtpRelayBody> }) =>
      portalFetch(updateSmtpRelay, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: relaysQueryKey }),
  });
}

export function useTestRelay() {
  const replaceRelay = useReplaceRelay();
  return useMutation({
    mutationFn: (id: string) => portalFetch(testSmtpRelay, { params: { id }, body: {} }),
    onSuccess: replaceRelay,
  });
}

export function useDeleteRelay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => portalFetch(deleteSmtpRelay, { params: { id } }),
    // A 404 means it was already gone: the list is stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: relaysQueryKey }),
  });
}
