"use client";
// Data a server component read through the API for this render (see
// server/portal/read-for-page.ts) goes into the query cache before the query
// first renders, so the server's HTML and the hydrating browser both show it.
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ServerRead } from "@/shared/api/server-read";

// In the browser: the latest server read put in the cache, per query. Back and
// forward navigation replay an old page payload with its old read; that one
// must not overwrite newer data, and the query should ask again instead.
const lastSeeded = new Map<string, number>();

/** Seeds the cache once per server read; true when this mount shows data just read (no need to ask again on mount). */
export function useServerRead<T>(queryKey: QueryKey, read: ServerRead<T> | null | undefined): boolean {
  const queryClient = useQueryClient();
  const [isFresh] = useState(() => {
    if (!read) return false;
    // On the server the client is per request; the map would mix requests.
    if (typeof window !== "undefined") {
      const key = JSON.stringify(queryKey);
      if ((lastSeeded.get(key) ?? 0) >= read.readAt) return false;
      lastSeeded.set(key, read.readAt);
    }
    queryClient.setQueryData(queryKey, read.data, { updatedAt: read.readAt });
    return true;
  });
  return isFresh;
}
