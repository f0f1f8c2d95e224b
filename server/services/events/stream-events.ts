// GET /events/stream: the feed as Server-Sent Events (docs/events.md, "Live").
// The stream is pull-based: the next page is read only when the client has
// taken the previous one (streams at the same place share that read:
// shared-event-page.ts), so a slow client costs one page of memory at most
// (the web server cuts one that takes nothing for a while:
// server/runtime/stalled-streams.ts). It ends when its credential stops
// working: revoked, expired or its account gone (open-feed-connection.ts).
import { AppError } from "@/server/errors";
import { cursorOfPosition, decodeCursor, type FeedEvent } from "@/shared/schemas/events";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { type FeedEnd, openFeedConnection } from "./open-feed-connection";
import { type EventPage, type FeedFilter, readEventPage } from "./read-event-page";
import { readSharedEventPage } from "./shared-event-page";

const PAGE_SIZE = 100;
/** A comment line this often keeps proxies and clients from timing out an idle stream. */
export const HEARTBEAT_MS = 15_000;

const encoder = new TextEncoder();

/** Streams that shared a read (shared-event-page.ts) also share its encoding. */
const encoded = new WeakMap<EventPage, Uint8Array>();

function frames(page: EventPage): Uint8Array {
  let bytes = encoded.get(page);
  if (!bytes) {
    const text = page.items
      .map(
        (event: FeedEvent, index) =>
          `id: ${cursorOfPosition(page.positions[index]!)}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`,
      )
      .join("");
    bytes = encoder.encode(text);
    encoded.set(page, bytes);
  }
  return bytes;
}

/** The stream's last lines when it ends by itself: a comment saying why (a reconnect then answers 401, or resumes). */
function lastWords(end: FeedEnd): Uint8Array {
  const why =
    end.kind === "credential" ? end.error.message : "This stream lost its place among the account's open connections; reconnect to resume.";
  return encoder.encode(`: ${why}\n\n`);
}

/**
 * Opens the account's stream after `resumeFrom` (the `Last-Event-ID` header or
 * `after`; none: from the oldest event kept). The first page is read here, so
 * a cursor past retention fails (410) before any byte of the stream is sent,
 * as does a stream past the limits (429). The stream ends when its
 * credential stops working (open-feed-connection.ts).
 */
export async function openEventStream(
  principal: SendingPrincipal,
  resumeFrom: string | undefined,
  filter: FeedFilter,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const { accountId } = principal;
  const after = resumeFrom ? decodeCursor(resumeFrom) : null;
  if (resumeFrom && !after)
    throw new AppError("validation_error", "Last-Event-ID must be the id of an event of this stream.", {
      errors: [{ path: "headers.last-event-id", message: "Not a cursor of this feed" }],
    });
  const connection = await openFeedConnection(principal);
  let first: EventPage | null;
  try {
    first = await readEventPage(accountId, after, PAGE_SIZE, filter);
  } catch (error) {
    connection.close();
    throw error;
  }
  let position = first.last;
  /** A short page means the reader has everything visible at that read: the next read waits for a wake-up. */
  let caughtUp = first.items.length < PAGE_SIZE;
  let done = false;
  const close = () => {
    done = true;
    connection.close();
  };
  signal.addEventListener("abort", close, { once: true });
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // Reconnect after 2 s; the first page (possibly empty) follows.
        controller.enqueue(encoder.encode(`retry: 2000\n: connected\n\n`));
        if (first && first.items.length > 0) controller.enqueue(frames(first));
        first = null;
        connection.onEnd((end) => {
          if (done) return;
          done = true;
          try {
            controller.enqueue(lastWords(end));
            controller.close();
          } catch {
            // The client went away meanwhile: nothing left to end.
          }
        });
      },
      async pull(controller) {
        const idleSince = Date.now();
        while (!done) {
          if (caughtUp) {
            // The last read took everything visible then: nothing more until the watcher wakes us (or a heartbeat is due).
            const idle = Date.now() - idleSince;
            if (idle >= HEARTBEAT_MS) {
              controller.enqueue(encoder.encode(": heartbeat\n\n"));
              return;
            }
            await connection.next(HEARTBEAT_MS - idle);
            if (done) return;
          }
          const page = await readSharedEventPage(accountId, position, PAGE_SIZE, filter);
          position = page.last;
          caughtUp = page.items.length < PAGE_SIZE;
          if (page.items.length > 0) {
            // A batch goes out only while the credential still works; otherwise the stream has just ended.
            if (!(await connection.stillValid()) || done) return;
            controller.enqueue(frames(page));
            return;
          }
        }
      },
      cancel: close,
    },
    // One chunk ahead at most: the next page waits for the client to take this one.
    { highWaterMark: 1 },
  );
}
