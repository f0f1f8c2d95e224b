"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { PortalApiError } from "@/features/api/portal-fetch";
import { PortalSessionProvider } from "@/features/auth/portal-session";

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
 * The signed-in email comes from the server (root layout), so the header knows
 * who is signed in on the first paint. It is not refetched on window focus:
 * /api/auth/session re-issues the cookie from the one it received, and racing
 * a BFF call that has just rotated the API tokens it could put old ones back.
 */
export function Providers({ signedInEmail, children }: { signedInEmail: string | null; children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <PortalSessionProvider email={signedInEmail}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </PortalSessionProvider>
  );
}
