"use client";
// Site-wide, for a signed-in account whose deletion is scheduled (someone who
// signed in during the 30-day grace period): when it happens, and a way to
// cancel it right there. The schedule arrives with GET /auth/me after the
// page has loaded, so the strip itself is fetched only when there is one.
import { usePathname } from "next/navigation";
import { lazy, Suspense, useEffect, useState } from "react";
import { useAccount } from "@/features/account/use-account";

const DeletionStrip = lazy(() => import("./deletion-strip"));

export function DeletionBanner() {
  const account = useAccount();
  const pathname = usePathname();
  const [isCanceled, setIsCanceled] = useState(false);

  // The confirmation is news for the page it happened on, not the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on every navigation, so keyed on the path it does not read
  useEffect(() => setIsCanceled(false), [pathname]);

  const scheduledFor = account.status === "signed-in" ? (account.details?.deletionScheduledFor ?? null) : null;
  if (!scheduledFor && !isCanceled) return null;

  return (
    <Suspense fallback={null}>
      <DeletionStrip
        scheduledFor={scheduledFor}
        isCanceled={isCanceled}
        onCanceled={() => setIsCanceled(true)}
        onDismiss={() => setIsCanceled(false)}
      />
    </Suspense>
  );
}
