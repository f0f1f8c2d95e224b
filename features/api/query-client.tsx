"use client";
// react-query for the pages that read the API from the browser. It is not in
// the root layout: public and sign-in pages never use it, and it is ≈ 11 kB
// of every route's first load. Each segment that needs it wraps itself in
// <QueryProvider>; in the browser they all share one client, so the cache
// (GET /auth/me among others) outlives navigation between them.
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { PortalApiError } from "./portal-fetch";
import { WriteAwareQueryClient } from "./write-aware-query-client";

function createQueryClient() {
  return new WriteAwareQueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // A 4xx will not change by asking again; network trouble and 5xx might.
        retry: (failureCount, error) => !(error instanceof PortalApiError && error.isClientError) && failureCount < 2,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/** The browser's one client; on the server a new one per call (a request's data must stay in its own render). */
export function portalQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  return (browserClient ??= createQueryClient());
}

export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(portalQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
