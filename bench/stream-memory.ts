// What an open event stream costs a web worker's memory (docs/events.md,
// "Limits"): the built server with one web worker, streams opened from here
// on loopback, and the worker's memory after a full garbage collection
// (through its inspector) before and while they are open: the JavaScript
// heap and the buffers outside it (socket writes wait there), which RSS only
// shows blurred by the collector's timing. Idle streams follow an account
// with no new events; stalled ones stop reading behind a backlog, as a client
// that never reads would (the server cuts those after 30 s, so they are
// measured well before). `npm run build` first; DATABASE_URL = PostgreSQL (a
// throwaway database is created and dropped). BENCH_ROUNDS (3),
// BENCH_IDLE_STREAMS (400), BENCH_STALLED_STREAMS (40).
import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";
import { createTestDatabase } from "../tests/support/test-database";
import { startTestServer } from "../tests/support/test-server";
import { registerBenchAccount } from "./bench-account";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_STREAMS = Number(process.env.BENCH_IDLE_STREAMS ?? 400);
const STALLED_STREAMS = Number(process.env.BENCH_STALLED_STREAMS ?? 40);
/** About 3.3 MB of events: a stalled stream queues all of it and stays under the server's 4 MiB cut-off. */
const BACKLOG = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Inspector = {
  call: (method: string, params?: Record<string, unknown>) => Promise<{ result?: { value?: unknown } }>;
  close: () => void;
};

function connectInspector(url: string): Promise<Inspector> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const pending = new Map<number, (message: { result?: { result?: { value?: unknown } } }) => void>();
    let nextId = 1;
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: { result?: { value?: unknown } } };
      if (message.id) pending.get(message.id)?.(message);
    });
    socket.addEventListener("error", () => reject(new Error(`inspector ${url} refused`)));
    socket.addEventListener("open", () =>
      resolve({
        call: (method, params = {}) =>
          new Promise((done) => {
            const id = nextId++;
            pending.set(id, (message) => done({ result: message.result?.result }));
            socket.send(JSON.stringify({ id, method, params }));
          }),
        // A process stopping waits for its debugger to leave.
        close: () => socket.close(),
      }),
    );
  });
}

/** The web worker's inspector: every process of the server opened one (`--inspect=0`) and named it in the log. */
async function webWorkerInspector(logFile: string): Promise<Inspector> {
  const urls = [...readFileSync(logFile, "utf8").matchAll(/Debugger listening on (ws:\/\/\S+)/g)].map((match) => match[1]!);
  for (const url of urls) {
    const inspector = await connectInspector(url).catch(() => null);
    if (!inspector) continue;
    const { result } = await inspector.call("Runtime.evaluate", {
      // A cluster worker has an IPC channel to the launcher; the delivery worker says so in its environment.
      expression: "Boolean(process.channel && !process.env.CES_DELIVERY_WORKER)",
      returnByValue: true,
    });
    if (result?.value === true) return inspector;
    inspector.close();
  }
  throw new Error(`no web worker among the inspectors of ${logFile}`);
}

type Memory = { heapMb: number; rssMb: number };

/** The heap and the buffers outside it, and the resident set, after a full collection. */
async function memoryOf(inspector: Inspector): Promise<Memory> {
  await inspector.call("HeapProfiler.collectGarbage");
  const { result } = await inspector.call("Runtime.evaluate", {
    expression: "(() => { const m = process.memoryUsage(); return [m.heapUsed + m.external, m.rss]; })()",
    returnByValue: true,
  });
  if (!Array.isArray(result?.value)) throw new Error("the web worker's inspector gave no memory figures");
  const [heap, rss] = result.value as [number, number];
  return { heapMb: heap / 1024 / 1024, rssMb: rss / 1024 / 1024 };
}

function openStream(baseUrl: string, token: string, reading: boolean): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/v1/events/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        if (reading) response.resume();
        else response.pause();
        resolve(request);
      },
    );
    request.on("error", reject);
  });
}

async function round(inspector: Inspector, baseUrl: string, token: string, count: number, reading: boolean) {
  await pause(3_000);
  const before = await memoryOf(inspector);
  const streams: http.ClientRequest[] = [];
  while (streams.length < count) streams.push(await openStream(baseUrl, token, reading));
  // Long enough for a stalled stream's writes to fill what waits for its socket.
  await pause(reading ? 3_000 : 8_000);
  const during = await memoryOf(inspector);
  for (const stream of streams) stream.destroy();
  const each = (key: keyof Memory) => `${(((during[key] - before[key]) * 1024) / count).toFixed(0)} KB`;
  const mb = (memory: Memory, key: keyof Memory) => memory[key].toFixed(1);
  return `${mb(before, "heapMb")} → ${mb(during, "heapMb")} MB, ${each("heapMb")} each | ${mb(before, "rssMb")} → ${mb(during, "rssMb")} MB, ${each("rssMb")} each`;
}

async function main() {
  const baseDatabaseUrl = process.env.DATABASE_URL;
  if (!baseDatabaseUrl) throw new Error("Set DATABASE_URL to a PostgreSQL server (a database is created and dropped)");
  const database = await createTestDatabase(baseDatabaseUrl, "bench_stream_memory");
  const server = await startTestServer({
    label: "bench-stream-memory",
    databaseUrl: database.url,
    env: {
      WEB_CONCURRENCY: "1",
      RATE_LIMIT_OVERRIDES: "api=100000000/1",
      LOG_LEVEL: "warn",
      // Hundreds of streams on one token: far past the limits being justified.
      EVENT_FEED_CONNECTIONS_PER_CREDENTIAL: "100000",
      EVENT_FEED_CONNECTIONS_PER_ACCOUNT: "100000",
    },
    nodeArgs: ["--inspect=127.0.0.1:0"],
  });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let inspector: Inspector | null = null;
  try {
    const idleAccount = await registerBenchAccount(server.baseUrl);
    const stalledAccount = await registerBenchAccount(server.baseUrl);
    inspector = await webWorkerInspector(server.logFile);
    // Loads the stream's route before the first sample.
    for (let index = 0; index < 20; index++) (await openStream(server.baseUrl, idleAccount.accessToken, true)).destroy();
    const rows: string[] = [];
    for (let index = 0; index < ROUNDS; index++) {
      const idle = await round(inspector, server.baseUrl, idleAccount.accessToken, IDLE_STREAMS, true);
      rows.push(`| ${IDLE_STREAMS} idle | ${idle} |`);
    }
    await client.query(
      `insert into suppressions (account_id, email, reason)
       select id, 'stalled-' || repeat('x', 200) || g || '@example.test', 'manual'
         from accounts, generate_series(1, $2::integer) g where email = $1`,
      [stalledAccount.email, BACKLOG],
    );
    for (let index = 0; index < ROUNDS; index++) {
      const stalled = await round(inspector, server.baseUrl, stalledAccount.accessToken, STALLED_STREAMS, false);
      rows.push(`| ${STALLED_STREAMS} stalled behind ${BACKLOG} events | ${stalled} |`);
    }
    console.log(["| streams | heap + buffers | resident set |", "| --- | --- | --- |", ...rows].join("\n"));
  } finally {
    inspector?.close();
    await client.end();
    await server.stop();
    await database.drop();
  }
}

void main();
