// GET /events: a page of the feed, long-polled with `wait` (docs/events.md).
import { decodeCursor } from "@/shared/schemas/events";
import { watchFeed } from "./feed-watcher";
import { type EventPage, type FeedFilter, readEventPage } from "./read-event-page";
import { readSharedEventPage } from "./shared-event-page";

export type ListEventsInput = FeedFilter & { after?: string; limit: number; wait?: number };

export async function listEvents(
  accountId: string,
  input: ListEventsInput,
  signal?: AbortSignal,
): Promise<Pick<EventPage, "items" | "nextCursor">> {
  const after = input.after ? decodeCursor(input.after) : null;
  const filter: FeedFilter = { types: input.types, domain: input.domain, mailbox: input.mailbox };
  const first = await readEventPage(accountId, after, input.limit, filter);
  if (first.items.length > 0 || !input.wait) return { items: first.items, nextCursor: first.nextCursor };
  const deadline = Date.now() + input.wait * 1000;
  // Registered before the read it waits on: nothing that commits in between is missed.
  const watch = await watchFeed(accountId);
  try {
    for (;;) {
      const page = await readSharedEventPage(accountId, first.last, input.limit, filter);
      const remaining = deadline - Date.now();
      if (page.items.length > 0 || remaining <= 0 || signal?.aborted) return { items: page.items, nextCursor: page.nextCursor };
      await watch.next(remaining);
    }
  } finally {
    watch.close();
  }
}
