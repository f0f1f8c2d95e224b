"use client";
import { useQuery } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { getDashboardOverview } from "@/shared/api/endpoint-refs";

export function useDashboardOverview() {
  return useQuery({
    queryKey: ["dashboard", "overview"],
    queryFn: ({ signal }) => portalFetch(getDashboardOverview, { signal }),
    // Every other page changes these figures; coming back here must not show the ones from before.
    staleTime: 0,
  });
}
