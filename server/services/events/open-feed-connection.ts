// An event stream or waiting long poll, from the feed's side (docs/events.md,
// "Limits"): its place among the account's open connections (429 past the
// limits), its wake-ups, and its credential, which must keep working for as
// long as it lasts. It ends by itself when the credential is revoked (the
// watcher hears it at once, from any instance), when it expires (a timer),
// or when a re-check finds it no longer works: before each batch, and every
// EVENT_FEED_RECHECK_SECONDS for every open connection of the process, in one
// sweep that also renews their places.
import { env } from "@/server/config/env";
import type { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { now } from "@/server/clock";
import { unusableApiKey } from "@/server/services/api-keys/authenticate-api-key";
import { expiredAccessToken } from "@/server/services/auth/authenticate-bearer";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { checkFeedCredential, checkFeedCredentials, type FeedCredential } from "./check-feed-credential";
import { type FeedWatch, watchFeed } from "./feed-watcher";
import { releaseFeedSlot, renewFeedSlots, takeFeedSlot } from "./take-feed-slot";

/** Why a connection ended by itself: its credential stopped working (`error` is the 401 a request would get), or it lost its place. */
export type FeedEnd = { kind: "credential"; error: AppError } | { kind: "lost" };

export type FeedConnection = {
  /** Resolves when the account may have new events, after `ms`, or as soon as the connection ends. */
  next(ms: number): Promise<void>;
  /** Why it ended by itself; null while it lasts (and after `close`). */
  ended(): FeedEnd | null;
  /** Asks again, before a batch is handed out, whether the credential works; false once the connection has ended. */
  stillValid(): Promise<boolean>;
  /** `listener` runs once if the connection ends by itself (at once if it already has). */
  onEnd(listener: (end: FeedEnd) => void): void;
  /** Gives the place back. */
  close(): void;
};

type Open = { credential: FeedCredential; end: (end: FeedEnd) => void };

type Sweep = { open: Map<string, Open>; timer: NodeJS.Timeout | null; running: boolean };

// On globalThis: Next.js bundles route files separately, and all of them share one sweep per process.
const holder = globalThis as typeof globalThis & { __cesFeedConnections?: Sweep };
const sweepState = (): Sweep => (holder.__cesFeedConnections ??= { open: new Map(), timer: null, running: false });

/** setTimeout's longest delay; a later expiry is left to the sweep. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Renews the places of every open connection of this process and ends those whose place or credential is gone. */
async function sweepFeedConnections(): Promise<void> {
  const sweep = sweepState();
  if (sweep.running || sweep.open.size === 0) return;
  sweep.running = true;
  try {
    const entries = [...sweep.open];
    const held = await renewFeedSlots(entries.map(([id]) => id));
    for (const [id, entry] of entries) if (!held.has(id)) entry.end({ kind: "lost" });
    const kept = entries.filter(([id]) => held.has(id));
    const verdicts = await checkFeedCredentials(kept.map(([, entry]) => entry.credential));
    kept.forEach(([, entry], index) => {
      const error = verdicts[index];
      if (error) entry.end({ kind: "credential", error });
    });
  } catch (error) {
    logger().warn({ err: error }, "event feed connection sweep failed; the next one retries");
  } finally {
    sweep.running = false;
  }
}

function register(id: string, entry: Open): void {
  const sweep = sweepState();
  sweep.open.set(id, entry);
  if (!sweep.timer) {
    sweep.timer = setInterval(() => void sweepFeedConnections(), env().EVENT_FEED_RECHECK_SECONDS * 1000);
    sweep.timer.unref();
  }
}

function unregister(id: string): void {
  const sweep = sweepState();
  sweep.open.delete(id);
  if (sweep.open.size === 0 && sweep.timer) {
    clearInterval(sweep.timer);
    sweep.timer = null;
  }
}

/** Opens a connection for `principal` (a session or an API key of the account); 429 `rate_limited` past the limits. */
export async function openFeedConnection(principal: SendingPrincipal): Promise<FeedConnection> {
  const credential: FeedCredential = {
    accountId: principal.accountId,
    sessionId: principal.sessionId,
    apiKeyId: principal.apiKey?.id ?? null,
  };
  if (!credential.sessionId && !credential.apiKeyId) throw new Error("a feed connection needs a session or an API key");
  const id = await takeFeedSlot(credential);
  let finished = false;
  let endedBy: FeedEnd | null = null;
  let expiry: NodeJS.Timeout | null = null;
  const listeners: ((end: FeedEnd) => void)[] = [];
  let watch: FeedWatch | null = null;

  const finish = () => {
    finished = true;
    watch?.close();
    if (expiry) clearTimeout(expiry);
    unregister(id);
    releaseFeedSlot(id).catch((error: unknown) =>
      logger().warn({ err: error }, "could not give back an event feed connection's place; its lease frees it"),
    );
  };
  const end = (why: FeedEnd) => {
    if (finished) return;
    endedBy = why;
    finish();
    for (const listener of listeners.splice(0)) listener(why);
  };
  const recheck = () => {
    checkFeedCredential(credential)
      .then((error) => error && end({ kind: "credential", error }))
      // The sweep asks again soon.
      .catch((error: unknown) => logger().warn({ err: error }, "event feed credential re-check failed"));
  };

  try {
    watch = await watchFeed(principal.accountId, recheck);
  } catch (error) {
    finish();
    throw error;
  }
  register(id, { credential, end });
  if (principal.credentialExpiresAt) {
    const expired = () => end({ kind: "credential", error: credential.sessionId ? expiredAccessToken() : unusableApiKey() });
    const ms = principal.credentialExpiresAt.getTime() - now().getTime();
    if (ms <= 0) expired();
    else if (ms <= MAX_TIMER_MS) {
      expiry = setTimeout(expired, ms);
      expiry.unref();
    }
  }

  return {
    next: (ms) => (finished || !watch ? Promise.resolve() : watch.next(ms)),
    ended: () => endedBy,
    async stillValid() {
      if (finished) return false;
      const error = await checkFeedCredential(credential);
      if (error) end({ kind: "credential", error });
      return !finished;
    },
    onEnd(listener) {
      if (endedBy) listener(endedBy);
      else if (!finished) listeners.push(listener);
    },
    close() {
      if (!finished) finish();
    },
  };
}
