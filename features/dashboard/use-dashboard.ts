"use client";
import { useQuery } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { useServerRead } from "@/features/api/use-server-read";
import type { ServerRead } from "@/shared/api/server-read";
import { getDashboardOverview } from "@/shared/api/endpoint-refs";
import type { DashboardOverview } from "@/shared/schemas/dashboard";

const queryKey = ["dashboard", "overview"] as const;

/** `serverRead`: the overview the page's server render read, when it could. */
export function useDashboardOverview(serverRead?: ServerRead<DashboardOverview> | null) {
  const isFresh = useServerRead(queryKey, serverRead);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => portalFetch(getDashboardOverview, { signal }),
    // Every other page changes these figures; coming back here must not show the ones from before.
    staleTime: 0,
    // …but figures the server read for this very render are current.
    refetchOnMount: !isFresh,
  });
}
