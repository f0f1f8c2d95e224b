"use client";
// The account's API keys through the BFF.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { portalFetch } from "@/features/api/portal-fetch";
import { createApiKey, listApiKeys, revokeApiKey } from "@/shared/api/endpoint-refs";
import type { createApiKeyBody } from "@/shared/schemas/api-keys";

const apiKeysKey = ["sending", "api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: ({ signal }) => portalFetch(listApiKeys, { signal }),
    // "Last used" changes outside the portal, whenever the customer's code sends with a key.
    staleTime: 0,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createApiKeyBody>) => portalFetch(createApiKey, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => portalFetch(revokeApiKey, { params: { key_id: keyId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
