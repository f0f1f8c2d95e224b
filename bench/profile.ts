// `npm run bench:profile [-- /api/v1/path]`: where a request's CPU time goes.
// Starts the built server with one web worker under `--cpu-prof`, drives the
// route (default the constant /api/v1/health; /api/v1/sending/messages sends
// the send benchmark's 10 kB message, on PostgreSQL; /api/v1/events reads a
// page of an account with 2,000 events, as bench:events does; /api/v1/events/stream
// adds suppressions through the API while 200 SSE clients follow the account,
// and counts the additions as the requests) with autocannon, then maps every
// profile sample through the build's source maps to its source file and
// reports self time by area (Next.js, React, our wrapper, logging, Node's HTTP
// and so on) and the inclusive time of our own functions.
// PROFILE_SECONDS (default 10), LOG_LEVEL (default info, the production default).
import { mkdirSync, readdirSync, readFileSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { startTestServer } from "../tests/support/test-server";
import { registerBenchAccount } from "./bench-account";
import { seedFeedEvents } from "./seed-events";
import { feedEnd } from "./feed-end";
import { drain, message, prepareAccount } from "./send-app";
import { listen as listenSink } from "./send-sink";
import { openSseClient, type SseClient } from "./sse-clients";

const routePath = process.argv.slice(2).find((arg) => arg.startsWith("/")) ?? "/api/v1/health";
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const sourceMaps = new Map<string, SourceMap | null>();
function sourceMapFor(file: string): SourceMap | null {
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    sourceMaps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))) : null);
  }
  return sourceMaps.get(file)!;
}

/** The original source of a frame: bundled chunks are mapped back through their source maps. */
function originOf(frame: CallFrame): { source: string; name: string } {
  if (!frame.url) return { source: frame.functionName || "(native)", name: frame.functionName };
  if (frame.url.startsWith("node:")) return { source: frame.url, name: frame.functionName };
  const file = frame.url.startsWith("file://") ? fileURLToPath(frame.url) : frame.url;
  const map = file.includes(`${path.sep}.next${path.sep}`) ? sourceMapFor(file) : null;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; name?: string } | undefined;
  const source = entry?.originalSource ?? file;
  // Sources come as absolute paths, `[project]/…` or `../../../…` relative to the chunk: make them repository-relative.
  const relative = source
    .replace(/^file:\/\//, "")
    .replace(/^.*?\[project\]\//, "")
    .replace(process.cwd() + path.sep, "")
    .replace(/^(\.\.\/)+/, "");
  return { source: relative, name: entry?.name ?? frame.functionName };
}

/** Coarse areas, in the order checked. */
const areas: [string, RegExp][] = [
  ["idle / GC / program", /^\((idle|garbage collector|program|root)\)$/],
  ["logging (pino)", /node_modules\/(pino|sonic-boom|fast-redact|pino-std-serializers|thread-stream|on-exit-leak-free)|server\/logger/],
  ["our route wrapper (server/http)", /^server\/http\//],
  ["our web server (server/runtime)", /^server\/runtime\//],
  ["our other code", /^(server|shared|app|features|components)\//],
  ["proxy.ts", /^proxy\.ts/],
  ["zod", /node_modules\/zod/],
  ["React", /node_modules\/(react|react-dom|react-server-dom)/],
  ["Next.js", /node_modules\/next\/|next-server|\.next\//],
  ["tsx loader", /node_modules\/(tsx|esbuild|get-tsconfig)/],
  ["Node.js HTTP and streams", /^node:(_http|http|net|stream|internal\/(streams|http))|^node:internal\/webstreams|undici/],
  ["Node.js other", /^node:/],
  ["native / V8", /./],
];
const areaOf = (source: string) => areas.find(([, pattern]) => pattern.test(source))![0];

/** Only the measured window: the last `windowSeconds` before the process stopped (start-up and warm-up left out). */
function summarise(
  profile: CpuProfile,
  requests: number,
  title = `CPU profile of ${routePath}: ${requests} requests in ${seconds} s, one web worker`,
  windowSeconds = seconds,
) {
  const windowStart = profile.endTime - windowSeconds * 1e6 - 300_000;
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const origins = new Map(profile.nodes.map((node) => [node.id, originOf(node.callFrame)]));

  const selfByArea = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const inclusiveOurs = new Map<string, number>();
  let total = 0;
  let timestamp = profile.startTime;
  profile.samples.forEach((nodeId, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    timestamp += micros;
    if (timestamp < windowStart) return;
    const origin = origins.get(nodeId)!;
    const area = areaOf(origin.source);
    selfByArea.set(area, (selfByArea.get(area) ?? 0) + micros);
    if (!area.startsWith("idle")) {
      const key = `${origin.source.replace(/^.*node_modules\//, "")} ${origin.name || "(anonymous)"}`;
      selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + micros);
    }
    if (!area.startsWith("idle")) total += micros;
    // Inclusive: each of our functions on this sample's stack, once.
    const seen = new Set<string>();
    for (let current: number | undefined = nodeId; current !== undefined; current = parents.get(current)) {
      const frame = origins.get(current)!;
      if (/^(server|shared|app|proxy)/.test(frame.source)) {
        const key = `${frame.source} ${frame.name || "(anonymous)"}`;
        if (!seen.has(key)) {
          seen.add(key);
          inclusiveOurs.set(key, (inclusiveOurs.get(key) ?? 0) + micros);
        }
      }
    }
  });
  const perRequest = (micros: number) => (micros / requests / 1000).toFixed(3);
  const busy = [...selfByArea].filter(([area]) => !area.startsWith("idle")).sort((a, b) => b[1] - a[1]);
  return [
    `${title}; busy CPU ${perRequest(total)} ms per request`,
    "",
    "| area (self time) | ms per request | share of busy CPU |",
    "|---|---:|---:|",
    ...busy.map(([area, micros]) => `| ${area} | ${perRequest(micros)} | ${((micros / total) * 100).toFixed(1)} % |`),
    "",
    "| functions (self time, top 25) | ms per request |",
    "|---|---:|",
    ...[...selfByFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([key, micros]) => `| ${key} | ${perRequest(micros)} |`),
    "",
    "| our functions (inclusive time, top 15) | ms per request |",
    "|---|---:|",
    ...[...inclusiveOurs]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([key, micros]) => `| ${key} | ${perRequest(micros)} |`),
  ].join("\n");
}

/** Messages the delivery worker handed to the sink. */
async function deliveredCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("select count(*) as n from messages where status <> 'queued'");
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** The newest account's feed gets 2,000 events, as in bench:events. */
async function seedEvents(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await seedFeedEvents(client, 2000);
  } finally {
    await client.end();
  }
}

async function main() {
  const profileDir = path.resolve(".test-data", `profile-${Date.now().toString(36)}`);
  mkdirSync(profileDir, { recursive: true });
  // DATABASE_URL: profile against that PostgreSQL server (a throwaway database); otherwise the embedded engine.
  let database: TestDatabase | undefined;
  if (process.env.DATABASE_URL) database = await createTestDatabase(process.env.DATABASE_URL, "profile");
  const sending = routePath === "/api/v1/sending/messages";
  // Sends are delivered as in bench:send, by one delivery worker to an SMTP sink on loopback, and that worker is profiled too.
  const deliveryEnv: Record<string, string> = sending
    ? { EMAIL_TRANSPORT: "smtp", SMTP_URL: `smtp://127.0.0.1:${await listenSink()}`, DELIVERY_WORKERS: "1", RUN_JOBS: "true" }
    : {};
  const server = await startTestServer({
    label: "profile",
    databaseUrl: database?.url,
    env: {
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      RATE_LIMIT_OVERRIDES: "api=100000000/60",
      // The stream profile's 200 streams share one token: past the limits of docs/events.md ("Limits").
      EVENT_FEED_CONNECTIONS_PER_CREDENTIAL: "1000",
      EVENT_FEED_CONNECTIONS_PER_ACCOUNT: "1000",
      ...deliveryEnv,
    },
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
  });
  let requests = 0;
  let delivered = 0;
  try {
    // Routes outside /health need a signed-in caller; the send route an API key of an account with a verified domain.
    if (sending && !database) throw new Error("Profiling the send route needs DATABASE_URL (PostgreSQL)");
    const headers = routePath.startsWith("/api/v1/health")
      ? {}
      : sending
        ? { authorization: `Bearer ${(await prepareAccount(server, database!.url)).key}`, "content-type": "application/json" }
        : { authorization: `Bearer ${(await registerBenchAccount(server.baseUrl)).accessToken}` };
    if (routePath.startsWith("/api/v1/events") && database) await seedEvents(database.url);
    const streaming = routePath.startsWith("/api/v1/events/stream");
    const clients: SseClient[] = [];
    if (streaming) {
      const token = String(headers.authorization).slice("Bearer ".length);
      const cursor = await feedEnd(server.baseUrl, token);
      for (let index = 0; index < 200; index++) clients.push(await openSseClient(server.baseUrl, token, cursor));
    }
    const request: autocannon.Options = streaming
      ? {
          url: `${server.baseUrl}/api/v1/sending/suppressions`,
          headers: { ...headers, "content-type": "application/json" },
          method: "POST" as const,
          // A new address each time: every addition is one event.
          setupClient: (client: autocannon.Client) => {
            const next = () => client.setBody(JSON.stringify({ email: `p-${Math.random().toString(36).slice(2)}@example.test` }));
            next();
            client.on("response", next);
          },
        }
      : {
          url: `${server.baseUrl}${routePath}`,
          headers,
          ...(sending ? { method: "POST" as const, body: JSON.stringify(message(0, "profile")) } : {}),
        };
    const connections = streaming ? 16 : 20;
    await autocannon({ ...request, connections, duration: 2 });
    const result = await autocannon({ ...request, connections, duration: seconds });
    for (const client of clients) client.close();
    if (result.non2xx > 0) throw new Error(`${routePath} answered ${result.non2xx} non-2xx responses while profiling`);
    requests = result.requests.total;
    if (sending) {
      await drain(database!.url);
      delivered = await deliveredCount(database!.url);
    }
  } finally {
    await server.stop();
    await database?.drop();
  }
  // Every process (and thread) of the server wrote a profile; the web worker's is the one busiest in Next.js code.
  const nextSamples = (profile: CpuProfile) => {
    const inNext = new Set(
      profile.nodes
        .filter((node) => node.callFrame.url.includes("/.next/") || node.callFrame.url.includes("/next/dist/"))
        .map((node) => node.id),
    );
    return profile.samples.filter((id) => inNext.has(id)).length;
  };
  const profiles = readdirSync(profileDir)
    .filter((file) => file.endsWith(".cpuprofile"))
    .map((file) => JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile)
    .sort((a, b) => nextSamples(b) - nextSamples(a));
  if (!profiles[0]) throw new Error(`no CPU profile written in ${profileDir}`);
  let table = summarise(profiles[0], requests);
  if (sending) {
    // The delivery worker is the process busiest in the delivery code; its whole life is counted, start-up included.
    const deliverySamples = (profile: CpuProfile) => {
      const inDelivery = new Set(
        profile.nodes.filter((node) => /\/server\/(outbound|email)\//.test(node.callFrame.url)).map((node) => node.id),
      );
      return profile.samples.filter((id) => inDelivery.has(id)).length;
    };
    const worker = [...profiles].sort((a, b) => deliverySamples(b) - deliverySamples(a))[0]!;
    const lifetime = (worker.endTime - worker.startTime) / 1e6;
    table += `\n\n${summarise(worker, delivered, `CPU profile of the delivery worker: ${delivered} messages delivered to an SMTP sink (per request = per message; its whole life, start-up included)`, lifetime)}`;
  }
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/profile.md", `${table}\n`);
  console.log(table);
  if (!process.env.KEEP_PROFILES) rmSync(profileDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
