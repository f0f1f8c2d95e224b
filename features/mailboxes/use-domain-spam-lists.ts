"use client";
// A domain's spam lists (every mailbox on it) through the BFF.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { portalFetch } from "@/features/api/portal-fetch";
import { getDomainSpamLists, updateDomainSpamLists } from "@/shared/api/endpoint-refs";
import type { updateDomainSpamListsBody } from "@/shared/schemas/mailbox-spam";

const listsKey = (domainId: string) => ["mailboxes", "domains", domainId, "spam"] as const;

export function useDomainSpamLists(domainId: string) {
  return useQuery({
    queryKey: listsKey(domainId),
    queryFn: ({ signal }) => portalFetch(getDomainSpamLists, { params: { domain_id: domainId }, signal }),
  });
}

export function useSaveDomainSpamLists(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof updateDomainSpamListsBody>) =>
      portalFetch(updateDomainSpamLists, { params: { domain_id: domainId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(listsKey(domainId), saved),
  });
}
