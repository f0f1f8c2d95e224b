"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import { useState } from "react";
import { PortalApiError } from "@/features/api/portal-fetch";

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // A 4xx will not change by asking again; network trouble and 5xx might.
        retry: (failureCount, error) => !(error instanceof PortalApiError && error.isClientError) && failureCount < 2,
      },
    },
  });
}

/**
 * The session comes from the server (root layout), so the header knows who is
 * signed in on the first paint. The session is not refetched on window focus:
 * /api/auth/session re-issues the cookie from the one it received, and racing
 * a BFF call that has just rotated the API tokens it could put old ones back.
 */
export function Providers({ session, children }: { session: Session | null; children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <SessionProvider session={session} refetchOnWindowFocus={false}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </SessionProvider>
  );
}
