// The server is killed with SIGKILL (its whole process group) while single
// sends are in flight, some of them committed but not yet answered. Nothing
// is lost: every send answered 201 before the crash has its message, and every
// stored message is delivered after a restart (a committed message has its
// job). With an Idempotency-Key, a client that replays every request after
// the restart gets one message per key, and the first answer's id for the
// ones it had already heard back about (docs/sending-api.md, "Idempotency").
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { strongPassword, uniqueEmail } from "../support/factories";
import { eventually } from "../support/poll";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

const SENDS = 240;
const IN_FLIGHT = 24;
const KILL_AFTER = 60;

let database: TestDatabase | undefined;
let databaseUrl: string;
const servers: TestServer[] = [];

const start = (label: string) =>
  startTestServer({
    label,
    databaseUrl,
    detached: true,
    // Both lives of the server are one deployment: the same secrets (docs/operations.md).
    env: {
      AUTH_SECRET: "accept-crash-auth-secret-0123456789abcdef",
      ENCRYPTION_KEY: "a".repeat(64),
      ...(database ? {} : { DATABASE_EMBEDDED: "true" }),
    },
  }).then((server) => {
    servers.push(server);
    return server;
  });

beforeAll(async () => {
  const base = process.env.DATABASE_URL;
  if (base) database = await createTestDatabase(base, "accept_crash");
  databaseUrl = database?.url ?? inject("databaseUrl");
}, 60_000);

afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => {});
  await database?.drop();
});

type Answer = { status: number; id?: string };

async function post(server: TestServer, route: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}/api/v1${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

async function sender(server: TestServer) {
  const created = async (route: string, body: unknown, token?: string) => {
    const response = await post(server, route, body, token ? { authorization: `Bearer ${token}` } : {});
    expect(response.status, route).toBe(201);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  const account = await created("/auth/register", { email: uniqueEmail("crash"), password: strongPassword() });
  const domain = await created("/sending/domains", { name: "crash.example" }, account.accessToken as string);
  const key = await created("/sending/api-keys", { name: "crash", scope: "sending" }, account.accessToken as string);
  // The domain's DNS is not what is tested.
  await query("update sending_domains set status = 'verified', verified_at = now() where id = $1", [domain.domain_id]);
  return { key: key.secret as string, accountId: (account.user as { id: string }).id };
}

async function query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Sends request `index` (keyed when `keyed`); a connection cut by the crash is an answer of status 0. */
async function send(server: TestServer, key: string, index: number, keyed: boolean): Promise<Answer> {
  try {
    const response = await post(
      server,
      "/sending/messages",
      {
        from: "news@crash.example",
        to: `reader${index}@example.org`,
        subject: `Crash ${keyed ? "keyed" : "plain"} ${index}`,
        text: "Hello",
      },
      { authorization: `Bearer ${key}`, ...(keyed ? { "idempotency-key": `crash-${index}` } : {}) },
    );
    // A body cut short by the crash is no answer either.
    const body = (await response.json()) as { data?: { id?: string } };
    return { status: response.status, id: body.data?.id };
  } catch {
    return { status: 0 };
  }
}

/** Runs `work` for indexes 0..SENDS-1, `IN_FLIGHT` at a time, as a client with a connection pool would. */
async function inFlight<T>(work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(SENDS);
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < SENDS) {
        const index = next++;
        results[index] = await work(index);
      }
    }),
  );
  return results;
}

/** A client's retry: a 503 (the restarted server still warming up its pool) is tried again after Retry-After. */
async function sendUntilAnswered(server: TestServer, key: string, index: number, keyed: boolean): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send(server, key, index, keyed);
    if (answer.status !== 503 || attempt === 5) return answer;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

describe("a crash between commit and reply", () => {
  it("loses no accepted message, and keyed replays after a restart store each message once", async () => {
    const first = await start("accept-crash-1");
    const { key, accountId } = await sender(first);
    // Even requests carry a key, odd ones are plain (the one-statement path).
    const keyed = (index: number) => index % 2 === 0;
    let answered = 0;
    const before = await inFlight(async (index) => {
      const answer = await send(first, key, index, keyed(index));
      if (++answered === KILL_AFTER) process.kill(-first.pid, "SIGKILL");
      return answer;
    });
    await first.exited;
    const acceptedBefore = before.filter((answer) => answer.status === 201);
    const cut = before.filter((answer) => answer.status === 0);
    expect(acceptedBefore.length, readFileSync(first.logFile, "utf8").slice(-2_000)).toBeGreaterThanOrEqual(KILL_AFTER / 2);
    // The crash happened with requests in flight, or the test proves nothing.
    expect(cut.length).toBeGreaterThan(0);

    // Every send answered 201 is stored.
    const stored = await query<{ id: string; subject: string; status: string }>(
      "select id, subject, status from messages where account_id = $1",
      [accountId],
    );
    const storedIds = new Set(stored.map((row) => row.id));
    expect(acceptedBefore.filter((answer) => !storedIds.has(answer.id!))).toEqual([]);

    // After a restart, the client replays every keyed request (answered or not); plain ones it had no answer for are sent again.
    const second = await start("accept-crash-2");
    const replays = await inFlight(async (index) =>
      keyed(index) || before[index]!.status !== 201 ? sendUntilAnswered(second, key, index, keyed(index)) : before[index]!,
    );
    for (const [index, replay] of replays.entries()) {
      expect(replay.status, `request ${index}`).toBe(201);
      if (keyed(index) && before[index]!.status === 201) expect(replay.id, `keyed request ${index}`).toBe(before[index]!.id);
    }

    const after = await query<{ subject: string; n: string }>(
      "select subject, count(*)::text as n from messages where account_id = $1 group by subject",
      [accountId],
    );
    const keyedCopies = after.filter((row) => row.subject.startsWith("Crash keyed "));
    expect(keyedCopies).toHaveLength(SENDS / 2);
    expect(keyedCopies.every((row) => row.n === "1")).toBe(true);
    // A plain request the server committed but never answered is stored twice once the client resends it: that is what
    // an Idempotency-Key is for. None is missing.
    expect(after.filter((row) => row.subject.startsWith("Crash plain "))).toHaveLength(SENDS / 2);

    // Every stored message had its job: all leave `queued` on the restarted server.
    const waiting = await eventually(
      async () =>
        Number(
          (
            await query<{ n: string }>("select count(*) as n from messages where account_id = $1 and status in ('queued', 'scheduled')", [
              accountId,
            ])
          )[0]!.n,
        ),
      (count) => count === 0,
      { timeoutMs: 90_000 },
    );
    expect(waiting).toBe(0);
  }, 300_000);
});
