"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { getSendingStats } from "@/shared/api/endpoint-refs";
import type { SendingStatsQuery } from "@/shared/schemas/stats";

export type StatsQuery = Partial<Pick<SendingStatsQuery, "interval" | "domainId" | "groupBy" | "tag" | "from" | "to">>;

/** GET /sending/stats through the BFF; counts change with every delivery, so each visit reads them again. `enabled`: read now (a section below the fold waits until it is near the screen). */
export function useSendingStats(query: StatsQuery, { enabled = true } = {}) {
  return useQuery({
    enabled,
    queryKey: ["sending", "stats", query],
    queryFn: ({ signal }) => portalFetch(getSendingStats, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
