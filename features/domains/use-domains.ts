"use client";
// The account's sending domains through the BFF: list, add, check DNS, delete.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createDomain, deleteDomain, getDomain, listDomains, verifyDomain } from "@/shared/api/endpoint-refs";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { portalFetch } from "@/features/api/portal-fetch";

export const domainsQueryKey = ["sending", "domains"] as const;

export function useDomains() {
  return useQuery({
    queryKey: domainsQueryKey,
    queryFn: ({ signal }) => portalFetch(listDomains, { signal }),
  });
}

export function useDomain(domainId: string) {
  return useQuery({
    queryKey: [...domainsQueryKey, domainId],
    queryFn: ({ signal }) => portalFetch(getDomain, { params: { domain_id: domainId }, signal }),
  });
}

/** Puts one domain's latest state into the list without refetching it all. */
function useStoreDomain() {
  const queryClient = useQueryClient();
  return (domain: SendingDomain) =>
    queryClient.setQueryData<SendingDomain[]>(domainsQueryKey, (list) => {
      if (!list) return [domain];
      return list.some((entry) => entry.domain_id === domain.domain_id)
        ? list.map((entry) => (entry.domain_id === domain.domain_id ? domain : entry))
        : [domain, ...list];
    });
}

export function useAddDomain() {
  const store = useStoreDomain();
  return useMutation({
    mutationFn: (name: string) => portalFetch(createDomain, { body: { name } }),
    onSuccess: store,
  });
}

export function useVerifyDomain() {
  const store = useStoreDomain();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) => portalFetch(verifyDomain, { params: { domain_id: domainId }, body: {} }),
    onSuccess: store,
    // A refused check (another account verified the name) still changed the domain.
    onError: () => queryClient.invalidateQueries({ queryKey: domainsQueryKey }),
  });
}

export function useDeleteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) => portalFetch(deleteDomain, { params: { domain_id: domainId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: domainsQueryKey }),
  });
}
