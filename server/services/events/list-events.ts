// GET /events: a page of the feed, long-polled with `wait` (docs/events.md).
// A long poll that waits takes a place among the account's open connections
// (429 past the limits) and answers 401 as soon as its credential stops
// working, as the next request would (open-feed-connection.ts).
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { decodeCursor } from "@/shared/schemas/events";
import { openFeedConnection } from "./open-feed-connection";
import { type EventPage, type FeedFilter, readEventPage } from "./read-event-page";
import { readSharedEventPage } from "./shared-event-page";

export type ListEventsInput = FeedFilter & { after?: string; limit: number; wait?: number };

export async function listEvents(
  principal: SendingPrincipal,
  input: ListEventsInput,
  signal?: AbortSignal,
): Promise<Pick<EventPage, "items" | "nextCursor">> {
  const { accountId } = principal;
  const after = input.after ? decodeCursor(input.after) : null;
  const filter: FeedFilter = { types: input.types, domain: input.domain, mailbox: input.mailbox };
  const first = await readEventPage(accountId, after, input.limit, filter);
  if (first.items.length > 0 || !input.wait) return { items: first.items, nextCursor: first.nextCursor };
  const deadline = Date.now() + input.wait * 1000;
  // Registered before the read it waits on: nothing that commits in between is missed.
  const connection = await openFeedConnection(principal);
  try {
    for (;;) {
      const page = await readSharedEventPage(accountId, first.last, input.limit, filter);
      // Events found after waiting are handed out only while the credential still works.
      if (page.items.length > 0) await connection.stillValid();
      const ended = connection.ended();
      if (ended?.kind === "credential") throw ended.error;
      const remaining = deadline - Date.now();
      if (page.items.length > 0 || remaining <= 0 || signal?.aborted || ended) return { items: page.items, nextCursor: page.nextCursor };
      await connection.next(remaining);
    }
  } finally {
    connection.close();
  }
}
