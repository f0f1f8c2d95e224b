// `npm run bench:events`: the event feed (docs/events.md) against the built
// server on PostgreSQL, every figure beside a baseline measured in the same run:
//   - a feed page of 100 events (GET /events?limit=100) ÷ GET /auth/me, the
//     floor of an authenticated read (the session and its rate-limit count),
//     requests/s (target ≥ 0.6; /health/ready beside it for reference);
//   - events committed per second (suppressions added through the API, each
//     one event) while 200 SSE clients follow the same account ÷ the rate with
//     none (target ≥ 0.8), and whether every client received every event;
//   - latency from a bounce DSN handed to the MX to its `message.bounced` at an
//     SSE client, p50/p99 (target p99 < 500 ms).
// The last lines say, one per target, whether it holds (bench/targets.ts).
// Loopback only; every loop is bounded in count and time. Writes
// bench/results/events.{json,md}. Not a timed test.
//
//   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:events
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { freeLoopbackPort } from "../server/engines/free-port";
import { createTestDatabase } from "../tests/support/test-database";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { startCpuMeter } from "./cpu-time";
import { measureDsnLatency, startReturnPathSink } from "./dsn-latency";
import { feedEnd } from "./feed-end";
import { percentile, round } from "./send-baselines";
import { seedFeedEvents } from "./seed-events";
import { prepareAccount } from "./send-app";
import { openSseClient, type SseClient } from "./sse-clients";
import { targetLine } from "./targets";
import { writeResults } from "./write-results";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;
const SSE_CLIENTS = 200;
const SEEDED_EVENTS = 2000;
const BOUNCES = Number(process.env.BENCH_BOUNCES ?? 100);

type Rate = { perSecond: number; p50: number; p99: number; non2xx: number; errors: number; cpuMsPerRequest?: number };

/** autocannon on a GET for SECONDS after a 2 s warm-up, with the CPU it cost the app and its database (bench/cpu-time.ts). */
async function requestRate(server: TestServer, databaseUrl: string, path: string, token?: string): Promise<Rate> {
  const options = { url: `${server.baseUrl}${path}`, connections: CONNECTIONS, headers: token ? { authorization: `Bearer ${token}` } : {} };
  await autocannon({ ...options, duration: 2 });
  const cpuSince = await startCpuMeter(server.pid, databaseUrl);
  const result = await autocannon({ ...options, duration: SECONDS });
  const cpuMs = await cpuSince();
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMsPerRequest: cpuMs === undefined || result.requests.total === 0 ? undefined : cpuMs / result.requests.total,
  };
}

async function eventCount(client: pg.Client): Promise<number> {
  return Number((await client.query<{ n: string }>("select count(*) as n from account_events")).rows[0]!.n);
}

/**
 * Suppressions added through the API for SECONDS by 16 concurrent writers (at
 * most 20,000): the events committed per second, counted in the table.
 */
async function commitRate(server: TestServer, databaseUrl: string, token: string, client: pg.Client, tag: string) {
  const before = await eventCount(client);
  const cpuSince = await startCpuMeter(server.pid, databaseUrl);
  const started = Date.now();
  const until = started + SECONDS * 1000;
  let sent = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (Date.now() < until && sent < 20_000) {
        const email = `${tag}-${sent++}@example.test`;
        const response = await fetch(`${server.baseUrl}/api/v1/sending/suppressions`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ email }),
        });
        await response.arrayBuffer();
        if (response.status !== 201) refused++;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const cpuMs = await cpuSince();
  const committed = (await eventCount(client)) - before;
  // The server's and its database's CPU per event: with SSE clients it includes every write to them.
  return {
    committed,
    perSecond: committed / seconds,
    refused,
    cpuMsPerEvent: cpuMs === undefined || committed === 0 ? undefined : cpuMs / committed,
  };
}

/** Waits (at most `timeoutMs`) until every client has received `expected` events; the time it took and the clients short of it. */
async function caughtUp(clients: SseClient[], expected: number, timeoutMs: number) {
  const started = Date.now();
  while (clients.some((client) => client.count() < expected) && Date.now() - started < timeoutMs)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return { seconds: (Date.now() - started) / 1000, short: clients.filter((client) => client.count() < expected).length };
}

const loadAtStart = os.loadavg().map((value) => value.toFixed(1));

async function main() {
  const baseDatabaseUrl = process.env.DATABASE_URL;
  if (!baseDatabaseUrl) throw new Error("Set DATABASE_URL to a PostgreSQL server (a database is created and dropped)");
  const database = await createTestDatabase(baseDatabaseUrl, "bench_events");
  const mxPort = await freeLoopbackPort();
  const { sink, sinkPort, returnPaths } = await startReturnPathSink();
  const server = await startTestServer({
    label: "bench-events",
    databaseUrl: database.url,
    env: {
      WEB_CONCURRENCY: "2",
      RUN_JOBS: "true",
      EMAIL_TRANSPORT: "smtp",
      SMTP_URL: `smtp://127.0.0.1:${sinkPort}`,
      MX_PORT: String(mxPort),
      RATE_LIMIT_OVERRIDES: "api=100000000/1",
      // The fan-out's 200 streams follow one account with one token: past the limits of docs/events.md ("Limits").
      EVENT_FEED_CONNECTIONS_PER_CREDENTIAL: "1000",
      EVENT_FEED_CONNECTIONS_PER_ACCOUNT: "1000",
      LOG_LEVEL: "warn",
      // 6 connections per process, not 10: the PostgreSQL server (100 connections) is shared with other runs.
      DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? "6",
    },
  });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { key, accessToken } = await prepareAccount(server, database.url);
    // The page under test.
    await seedFeedEvents(client, SEEDED_EVENTS);

    const ready = await requestRate(server, database.url, "/api/v1/health/ready");
    // The floor: what authentication alone costs (one statement: the session and its rate-limit count),
    // measured before and after the feed; the better run is the baseline, so no quiet spell flatters the feed.
    const authMe = await requestRate(server, database.url, "/api/v1/auth/me", accessToken);
    const feedPage = await requestRate(server, database.url, "/api/v1/events?limit=100", accessToken);
    const authMeAgain = await requestRate(server, database.url, "/api/v1/auth/me", accessToken);
    const readyAgain = await requestRate(server, database.url, "/api/v1/health/ready");
    const readyBest = Math.max(ready.perSecond, readyAgain.perSecond);
    const authBest = Math.max(authMe.perSecond, authMeAgain.perSecond);
    // CPU per request: on a machine shared with other work, steadier than requests/s.
    const readyCpu = Math.min(ready.cpuMsPerRequest ?? Infinity, readyAgain.cpuMsPerRequest ?? Infinity);
    const authCpu = Math.min(authMe.cpuMsPerRequest ?? Infinity, authMeAgain.cpuMsPerRequest ?? Infinity);
    const cpu = (rate: Rate) => (rate.cpuMsPerRequest === undefined ? "–" : `${rate.cpuMsPerRequest.toFixed(2)} ms CPU/request`);

    const idle = await commitRate(server, database.url, accessToken, client, "idle");
    const cursor = await feedEnd(server.baseUrl, accessToken);
    const clients: SseClient[] = [];
    for (let index = 0; index < SSE_CLIENTS; index++) clients.push(await openSseClient(server.baseUrl, accessToken, cursor));
    const followed = await commitRate(server, database.url, accessToken, client, "followed");
    const delivery = await caughtUp(clients, followed.committed, 120_000);
    for (const sse of clients) sse.close();
    const idleAgain = await commitRate(server, database.url, accessToken, client, "idle-again");
    const idleBest = Math.max(idle.perSecond, idleAgain.perSecond);
    const idleCpu = Math.min(idle.cpuMsPerEvent ?? Infinity, idleAgain.cpuMsPerEvent ?? Infinity);
    const eventCpu = (cpuMs: number | undefined) => (cpuMs === undefined ? "–" : `${cpuMs.toFixed(2)} ms CPU/event`);

    const latency = await measureDsnLatency({ server, key, accessToken, mxPort, returnPaths, count: BOUNCES });

    const byCpu = (base: number, rate: Rate) =>
      rate.cpuMsPerRequest && Number.isFinite(base) ? (base / rate.cpuMsPerRequest).toFixed(2) : "–";
    const pageRatio = feedPage.perSecond / authBest;
    const fanOut = followed.perSecond / idleBest;
    const p99 = latency.samples.length > 0 ? percentile(latency.samples, 99) : undefined;
    const targets = [
      targetLine("events-page ÷ auth-me", pageRatio, "≥ 0.6", pageRatio >= 0.6),
      targetLine(`committed with ${SSE_CLIENTS} SSE clients ÷ none`, fanOut, "≥ 0.8", fanOut >= 0.8),
      targetLine("bounce → SSE p99 ms", p99 ?? "–", "< 500", p99 !== undefined && latency.missing === 0 && p99 < 500),
    ];
    const results = {
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadAtStart, loadAtEnd: os.loadavg() },
      ready,
      readyAgain,
      feedPage,
      authMe,
      authMeAgain,
      idle,
      followed,
      delivery,
      idleAgain,
      latency,
      targets,
    };
    const rows = [
      [
        "GET /api/v1/auth/me (authentication only: the floor of a read), 32 connections (better of two runs)",
        `${round(authBest)} requests/s (p50 ${authMe.p50}/${authMeAgain.p50} ms, p99 ${authMe.p99}/${authMeAgain.p99} ms; ${cpu(authMe)}, ${cpu(authMeAgain)})`,
        `${(authBest / readyBest).toFixed(2)} of health/ready`,
        "baseline",
      ],
      [
        `GET /api/v1/events?limit=100 (a page of 100 of ${SEEDED_EVENTS} events), 32 connections`,
        `${round(feedPage.perSecond)} requests/s (p50 ${feedPage.p50} ms, p99 ${feedPage.p99} ms, non-2xx ${feedPage.non2xx}; ${cpu(feedPage)})`,
        `**${(feedPage.perSecond / authBest).toFixed(2)}** of auth/me (by CPU per request: ${byCpu(authCpu, feedPage)}); ${(feedPage.perSecond / readyBest).toFixed(2)} of health/ready (by CPU: ${byCpu(readyCpu, feedPage)})`,
        "≥ 0.6 of auth/me",
      ],
      ["GET /api/v1/health/ready (1 query, for reference), 32 connections (better of two runs)", `${round(readyBest)} requests/s`, "", ""],
      [
        "Events committed, no SSE client (suppressions added through the API, 16 connections; better of two runs)",
        `${round(idleBest)} events/s (${eventCpu(Number.isFinite(idleCpu) ? idleCpu : undefined)})`,
        "",
        "baseline",
      ],
      [
        `Events committed while ${SSE_CLIENTS} SSE clients follow the account`,
        `${round(followed.perSecond)} events/s (${followed.committed} events, ${eventCpu(followed.cpuMsPerEvent)}; every client had all of them ${delivery.short === 0 ? `${delivery.seconds.toFixed(1)} s after the last commit` : `— except ${delivery.short} clients`})`,
        `${(followed.perSecond / idleBest).toFixed(2)} of none (by CPU per event: ${followed.cpuMsPerEvent && Number.isFinite(idleCpu) ? (idleCpu / followed.cpuMsPerEvent).toFixed(2) : "–"})`,
        "≥ 0.8",
      ],
      [
        `Bounce DSN handed to the MX → its message.bounced at an SSE client, ${latency.samples.length} bounces one after another`,
        `p50 ${percentile(latency.samples, 50)} ms, p99 ${percentile(latency.samples, 99)} ms (max ${Math.max(...latency.samples)} ms; missing ${latency.missing})`,
        "",
        "p99 < 500 ms",
      ],
    ];
    const markdown = [
      "| measure | result | ratio | target |",
      "|---|---|---|---|",
      ...rows.map((row) => `| ${row.join(" | ")} |`),
      "",
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}, PostgreSQL (pools of ${process.env.DATABASE_POOL_MAX ?? 6}), 2 web workers + 1 delivery worker + the launcher, the bench's clients on the same machine; load average at the start ${loadAtStart.join(" ")}, at the end ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")}.`,
      "",
      ...targets,
    ].join("\n");
    writeResults("events", results, markdown);
  } finally {
    await client.end();
    await server.stop();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
