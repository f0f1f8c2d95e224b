// Readers of one account's feed that stand at the same place share one read
// (docs/events.md, "Live"): when a new event wakes 200 streams of an account,
// they make one query, not 200, and each writes the same encoded page.
// Only a read still in flight is shared, and only with callers from the same
// watcher wake-up (`feedWakes`): a read that started before a wake-up may miss
// the events that caused it, so a reader woken by them always starts a fresh
// one. A reader that joins a read started a moment before its own call gets
// what it would have read then; events committed since wake it again.
import type { FeedPosition } from "@/shared/schemas/events";
import { feedWakes } from "./feed-watcher";
import { type EventPage, type FeedFilter, readEventPage } from "./read-event-page";

const inFlight = new Map<string, Promise<EventPage>>();

export function readSharedEventPage(accountId: string, after: FeedPosition, limit: number, filter: FeedFilter): Promise<EventPage> {
  const key = [
    feedWakes(),
    accountId,
    after.xact,
    after.seq,
    limit,
    filter.types?.join(",") ?? "",
    filter.domain ?? "",
    filter.mailbox ?? "",
  ].join("|");
  let read = inFlight.get(key);
  if (!read) {
    read = readEventPage(accountId, after, limit, filter).finally(() => inFlight.delete(key));
    inFlight.set(key, read);
  }
  return read;
}
