"use client";
// The account's suppression list through the BFF.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { addSuppression, listSuppressions, removeSuppression } from "@/shared/api/endpoint-refs";

export const SUPPRESSIONS_PAGE_SIZE = 20;
const suppressionsKey = ["sending", "suppressions"] as const;

export function useSuppressions(page: number, email: string | undefined) {
  return useQuery({
    queryKey: [...suppressionsKey, page, email ?? ""],
    queryFn: ({ signal }) =>
      portalFetch(listSuppressions, { query: { page, limit: SUPPRESSIONS_PAGE_SIZE, ...(email ? { email } : {}) }, signal }),
    placeholderData: keepPreviousData,
    // Bounces and complaints add entries outside the portal.
    staleTime: 0,
  });
}

export function useAddSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => portalFetch(addSuppression, { body: { email } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: suppressionsKey }),
  });
}

export function useRemoveSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => portalFetch(removeSuppression, { params: { email } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: suppressionsKey }),
  });
}
