"use client";
// The account's linked Google and GitHub identities (GET /account/sign-in-methods, through the BFF).
import { useQuery } from "@tanstack/react-query";
import { listSignInMethods } from "@/shared/api/endpoint-refs";
import { portalFetch } from "@/features/api/portal-fetch";

export function useSignInMethods() {
  return useQuery({
    queryKey: ["account", "sign-in-methods"],
    queryFn: ({ signal }) => portalFetch(listSignInMethods, { signal }),
  });
}
