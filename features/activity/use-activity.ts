"use client";
// One page of the account's activity log (GET /account/activity) through the BFF.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listActivity } from "@/shared/api/endpoint-refs";
import { portalFetch } from "@/features/api/portal-fetch";

export const ACTIVITY_PAGE_SIZE = 20;

export const activityQueryKey = (page: number) => ["account", "activity", page] as const;

export function useActivity(page: number) {
  return useQuery({
    queryKey: activityQueryKey(page),
    queryFn: ({ signal }) => portalFetch(listActivity, { query: { page, limit: ACTIVITY_PAGE_SIZE }, signal }),
    // Keep the current rows on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
}
