"use client";
// The Events page's data: the account's feed through the BFF, read up to now
// and then followed with long-polls (GET /events?wait=25), newest first on
// screen. Only the latest events are kept in memory.
import { useEffect, useState } from "react";
import { listEvents } from "@/shared/api/endpoint-refs";
import { portalFetch } from "@/features/api/portal-fetch";
import type { FeedEvent } from "@/shared/schemas/events";

export const TAIL_SIZE = 200;
/** At most this many full pages are read to catch up before following live. */
const CATCH_UP_PAGES = 20;

export type EventTail = { events: FeedEvent[]; status: "loading" | "live" | "paused" | "error"; error: string | null };

export function useEventTail(types: string | undefined, live: boolean): EventTail {
  const [tail, setTail] = useState<EventTail>({ events: [], status: "loading", error: null });
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let kept: FeedEvent[] = [];
    const take = (items: FeedEvent[]) => {
      kept = [...items.slice(-TAIL_SIZE).reverse(), ...kept].slice(0, TAIL_SIZE);
    };
    setTail({ events: [], status: "loading", error: null });
    (async () => {
      let after: string | undefined;
      for (let pages = 0; pages < CATCH_UP_PAGES; pages++) {
        const page = await portalFetch(listEvents, { query: { after, types, limit: 500 }, signal });
        take(page.items as FeedEvent[]);
        after = page.nextCursor;
        if (page.items.length < 500) break;
      }
      setTail({ events: kept, status: live ? "live" : "paused", error: null });
      while (live && !signal.aborted) {
        const page = await portalFetch(listEvents, { query: { after, types, wait: 25 }, signal });
        after = page.nextCursor;
        if (page.items.length > 0) {
          take(page.items as FeedEvent[]);
          setTail({ events: kept, status: "live", error: null });
        }
      }
    })().catch((error: unknown) => {
      if (signal.aborted) return;
      setTail({ events: kept, status: "error", error: error instanceof Error ? error.message : "The feed could not be read." });
    });
    return () => controller.abort();
  }, [types, live]);
  return tail;
}
