"use client";

import { lazy, Suspense } from "react";
import { useHydrated } from "@/components/use-hydrated";
import { PortalSessionProvider, useSignedInEmail } from "@/features/auth/portal-session";

// GET /auth/me for the header; it brings react-query, which only signed-in
// visitors need here, and nothing of it is needed for the first paint.
const AccountSync = lazy(() => import("@/features/account/account-sync"));

function SignedInAccountSync() {
  const isSignedIn = Boolean(useSignedInEmail());
  const isHydrated = useHydrated();
  if (!isSignedIn || !isHydrated) return null;
  return (
    <Suspense fallback={null}>
      <AccountSync />
    </Suspense>
  );
}

/**
 * The signed-in email comes from the server (root layout), so the header knows
 * who is signed in on the first paint. It is not refetched on window focus:
 * /api/auth/session re-issues the cookie from the one it received, and racing
 * a BFF call that has just rotated the API tokens it could put old ones back.
 * react-query's provider is in the segments that use it (features/api/query-client.tsx).
 */
export function Providers({ signedInEmail, children }: { signedInEmail: string | null; children: React.ReactNode }) {
  return (
    <PortalSessionProvider email={signedInEmail}>
      <SignedInAccountSync />
      {children}
    </PortalSessionProvider>
  );
}
