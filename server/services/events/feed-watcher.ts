// Wakes the readers waiting on the event feed (long-poll and streams) of this
// process (docs/events.md, "Live"). One query per tick finds which accounts
// have events that became visible since the last tick, whatever instance wrote
// them. Ticks run on a short interval while anyone waits, and at once when the
// feed's NOTIFY arrives on this process's one listening connection: NOTIFY is
// only the fast path (it may not reach us, and an event it announces can stay
// invisible a little longer while an older transaction is still running).
// The same connection hears when a session or API key stops working
// (migration 0027's triggers), so readers opened with it re-check at once.
import pg from "pg";
import { pool } from "@/server/db/client";
import { env } from "@/server/config/env";
import { logger } from "@/server/logger";

const TICK_MS = 500;
/**
 * A tick that woke readers is followed by the next one this long later at the
 * earliest, per reader it woke, up to a maximum. Each wake-up costs a write
 * per stream (a system call each, the fan-out's main cost), so a burst of
 * commits reaches each stream in one write per spacing instead of one per
 * commit, and those writes stay under about 500 a second per process however
 * many streams follow. A stream or two wait a few milliseconds at most, and a
 * notification after a quiet spell ticks at once (docs/events.md, "Live").
 */
const WAKE_SPACING_PER_READER_MS = 2;
const MAX_WAKE_SPACING_MS = 250;
/** The listening connection stays this long after the last reader left, for the next one. */
const LISTENER_LINGER_MS = 30_000;
const LISTENER_RETRY_MS = 5_000;
const MAX_SEQ = "9223372036854775807";
const EVENTS_CHANNEL = "account_events";
const CREDENTIALS_CHANNEL = "feed_credentials";

type Waiter = { wake: () => void; credentialsChanged?: () => void };

/** A reader's registration: events for its account that become visible after it was taken wake `next`. */
export type FeedWatch = {
  /** Resolves when the account may have new events (at once if some arrived since the last call), or after `ms`. */
  next(ms: number): Promise<void>;
  close(): void;
};

type State = {
  waiters: Map<string, Set<Waiter>>;
  /** Ticks that found new events: a page read before the latest one may miss them (shared-event-page.ts). */
  wakes: number;
  /** Credential notifications heard: a check started before the latest one may have read the credential before it changed. */
  credentialNotices: number;
  /** The feed position every waiter has been told about ("xact.seq"); null while nobody waits. */
  position: string | null;
  starting: Promise<void> | null;
  ticking: boolean;
  tickAgain: boolean;
  /** When the next tick may start, after the last one that woke readers (ms since epoch). */
  nextWakeAt: number;
  /** A tick waiting for the spacing to pass. */
  spacedTick: NodeJS.Timeout | null;
  interval: NodeJS.Timeout | null;
  listener: pg.Client | null;
  listenerFailedAt: number;
  lingerTimer: NodeJS.Timeout | null;
};

// On globalThis: Next.js bundles route files separately, and all of them share one watcher per process.
const holder = globalThis as typeof globalThis & { __cesFeedWatcher?: State };

function state(): State {
  holder.__cesFeedWatcher ??= {
    waiters: new Map(),
    wakes: 0,
    credentialNotices: 0,
    position: null,
    starting: null,
    ticking: false,
    tickAgain: false,
    nextWakeAt: 0,
    spacedTick: null,
    interval: null,
    listener: null,
    listenerFailedAt: 0,
    lingerTimer: null,
  };
  return holder.__cesFeedWatcher;
}

/** Asks for a tick: now, or once the spacing since the last wake-up has passed (one tick serves every request made meanwhile). */
function requestTick(): void {
  const watcher = state();
  if (watcher.ticking) {
    watcher.tickAgain = true;
    return;
  }
  if (watcher.spacedTick) return;
  const wait = watcher.nextWakeAt - Date.now();
  if (wait <= 0) {
    void tick();
    return;
  }
  watcher.spacedTick = setTimeout(() => {
    watcher.spacedTick = null;
    void tick();
  }, wait);
  watcher.spacedTick.unref();
}

async function tick(): Promise<void> {
  const watcher = state();
  watcher.ticking = true;
  watcher.tickAgain = false;
  const startedAt = Date.now();
  try {
    if (!watcher.position || watcher.waiters.size === 0) return;
    const [xact, seq] = watcher.position.split(".");
    const { rows } = await pool().query<{ accounts: string[]; last: string | null }>(
      `with fresh as (
         select account_id, xact_id, seq from account_events
          where (xact_id, seq) > ($1::xid8, $2::bigint) and xact_id < pg_snapshot_xmin(pg_current_snapshot()))
       select coalesce((select array_agg(distinct account_id) from fresh), '{}') as accounts,
              (select xact_id::text || '.' || seq::text from fresh order by xact_id desc, seq desc limit 1) as last`,
      [xact, seq],
    );
    const { accounts, last } = rows[0]!;
    if (last && watcher.position) watcher.position = last;
    if (accounts.length > 0) watcher.wakes++;
    let woken = 0;
    for (const accountId of accounts)
      for (const waiter of watcher.waiters.get(accountId) ?? []) {
        waiter.wake();
        woken++;
      }
    if (woken > 0) watcher.nextWakeAt = startedAt + Math.min(MAX_WAKE_SPACING_MS, woken * WAKE_SPACING_PER_READER_MS);
  } catch (error) {
    logger().warn({ err: error }, "event feed watcher tick failed; the next one retries");
  } finally {
    watcher.ticking = false;
    if (watcher.tickAgain) requestTick();
  }
}

function listen(): void {
  const watcher = state();
  if (watcher.listener || Date.now() - watcher.listenerFailedAt < LISTENER_RETRY_MS) return;
  const url = env().DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  watcher.listener = client;
  const drop = (error?: unknown) => {
    if (watcher.listener !== client) return;
    watcher.listener = null;
    if (error) {
      watcher.listenerFailedAt = Date.now();
      logger().warn({ err: error }, "event feed listener lost; ticks go on, it reconnects with the next reader");
    }
    client.end().catch(() => {});
  };
  client.on("error", drop);
  client.on("end", () => drop());
  client.on("notification", (message) => (message.channel === CREDENTIALS_CHANNEL ? credentialsChanged(message.payload) : requestTick()));
  client
    .connect()
    .then(() => client.query(`LISTEN ${EVENTS_CHANNEL}; LISTEN ${CREDENTIALS_CHANNEL}`))
    .catch(drop);
}

/** A session, API key or account of `accountId` changed in a way that may end its readers' credential. */
function credentialsChanged(accountId: string | undefined): void {
  const watcher = state();
  watcher.credentialNotices++;
  for (const waiter of watcher.waiters.get(accountId ?? "") ?? []) waiter.credentialsChanged?.();
}

/** The first waiter fixes the position readers are told about from: everything visible now is theirs to read. */
async function start(): Promise<void> {
  const watcher = state();
  if (watcher.lingerTimer) clearTimeout(watcher.lingerTimer);
  watcher.lingerTimer = null;
  listen();
  if (watcher.position) return;
  watcher.starting ??= pool()
    .query<{ xact: string }>("select (pg_snapshot_xmin(pg_current_snapshot())::text::numeric - 1)::text as xact")
    .then(({ rows }) => {
      watcher.position = `${rows[0]!.xact}.${MAX_SEQ}`;
      // Each tick also reopens a listening connection that was lost, so notifications resume without a new reader.
      watcher.interval ??= setInterval(() => {
        listen();
        requestTick();
      }, TICK_MS);
      watcher.interval.unref();
    })
    .finally(() => {
      watcher.starting = null;
    });
  await watcher.starting;
}

function stopIfIdle(): void {
  const watcher = state();
  if (watcher.waiters.size > 0) return;
  if (watcher.interval) clearInterval(watcher.interval);
  watcher.interval = null;
  if (watcher.spacedTick) clearTimeout(watcher.spacedTick);
  watcher.spacedTick = null;
  watcher.position = null;
  watcher.lingerTimer ??= setTimeout(() => {
    watcher.lingerTimer = null;
    const listener = watcher.listener;
    watcher.listener = null;
    listener?.end().catch(() => {});
  }, LISTENER_LINGER_MS);
  watcher.lingerTimer.unref();
}

/** How many ticks of this process have found new events so far. */
export function feedWakes(): number {
  return state().wakes;
}

/** How many credential notifications this process has heard so far. */
export function credentialNotices(): number {
  return state().credentialNotices;
}

/**
 * Registers a reader of `accountId`'s feed. Take it before the read whose
 * emptiness you will wait on: events that become visible after that read wake it.
 * `onCredentialsChanged` is called when a session, API key or the account
 * itself may have stopped working (the reader re-checks its own credential).
 */
export async function watchFeed(accountId: string, onCredentialsChanged?: () => void): Promise<FeedWatch> {
  const watcher = state();
  let pending = false;
  let resolveWait: (() => void) | null = null;
  const waiter: Waiter = {
    wake: () => {
      pending = true;
      resolveWait?.();
    },
    credentialsChanged: onCredentialsChanged,
  };
  let set = watcher.waiters.get(accountId);
  if (!set) watcher.waiters.set(accountId, (set = new Set()));
  set.add(waiter);
  try {
    await start();
  } catch (error) {
    set.delete(waiter);
    if (set.size === 0) watcher.waiters.delete(accountId);
    stopIfIdle();
    throw error;
  }
  return {
    next(ms) {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          resolveWait = null;
          pending = false;
          resolve();
        }
        resolveWait = done;
      });
    },
    close() {
      resolveWait?.();
      const current = watcher.waiters.get(accountId);
      current?.delete(waiter);
      if (current?.size === 0) watcher.waiters.delete(accountId);
      stopIfIdle();
    },
  };
}
