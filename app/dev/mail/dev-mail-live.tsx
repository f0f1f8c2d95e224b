"use client";
// Keeps /dev/mail current without a reload: asks GET /dev/mail/newest every
// two seconds (react-query, paused while the tab is hidden) and re-renders the
// server page when a new email has arrived. Without an ?id the page shows the
// newest email, so a code that was just sent opens by itself.
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { QueryProvider } from "@/features/api/query-client";

const POLL_MS = 2_000;

type Newest = { newestId: string | null; total: number };

async function fetchNewest({ signal }: { signal: AbortSignal }): Promise<Newest> {
  const response = await fetch("/dev/mail/newest", { signal, cache: "no-store" });
  if (!response.ok) throw new Error(`GET /dev/mail/newest answered ${response.status}`);
  return (await response.json()) as Newest;
}

function Poll({ shownNewestId, shownTotal }: { shownNewestId: string | null; shownTotal: number }) {
  const router = useRouter();
  const newest = useQuery({ queryKey: ["dev-mail", "newest"], queryFn: fetchNewest, refetchInterval: POLL_MS, staleTime: 0 });
  const changed = newest.data !== undefined && (newest.data.newestId !== shownNewestId || newest.data.total !== shownTotal);
  useEffect(() => {
    if (changed) router.refresh();
  }, [changed, router]);
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400">
      {newest.isError ? "Not updating: the mailbox could not be read. Refresh to try again." : "Updates by itself as emails arrive."}
    </p>
  );
}

export function DevMailLive(props: { shownNewestId: string | null; shownTotal: number }) {
  return (
    <QueryProvider>
      <Poll {...props} />
    </QueryProvider>
  );
}
