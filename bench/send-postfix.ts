// bench:send through the service's own Postfix (docs/performance-sending.md,
// "Through Postfix"): a server with POSTFIX=on whose child Postfix finds the
// sink as the recipients' MX through a test DNS server (port 53 of a 127.x
// address), delivers to it, and mails a success report per recipient to the
// server's MX. A message counts as done when its recipient is `delivered`
// (Postfix's log line recorded). First the engine's own ceiling: Postfix's
// smtp-source straight into the child, to the same sink, without reports.
// Then the end-to-end rate in batches and single
// sends (first accept → last `delivered`), accept → `delivered` latency at
// half the single-send rate, accept → `deferred` for a recipient the sink
// answers with a 451, and a fault run: the Postfix child's process
// group killed with SIGKILL mid-run, restarted by the supervisor, messages
// lost and doubled counted at the sink by Message-ID.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { promisify } from "node:util";
import path from "node:path";
import pg from "pg";
import { type DnsServer, dnsControl, startDnsServer } from "../tests/support/dns-server";
import { loopbackAddress } from "../tests/support/recipient-mx";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { freeLoopbackPort } from "../server/engines/free-port";
import { drain, message, post } from "./send-app";
import { cpuPartsText, cpuPerUnit, cpuTotal, startCpuBreakdown, startCpuMeter } from "./cpu-time";
import { percentile, pool } from "./send-baselines";
import { arrivals, waitForSink } from "./send-sink";
import { targetLine } from "./targets";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When each of `ids` got its `delivered` event (epoch ms), read from the database. */
async function deliveredTimes(databaseUrl: string, ids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ message_id: string; at: string }>(
      "select message_id, extract(epoch from min(created_at)) * 1000 as at from message_events where type = 'delivered' and message_id = any($1) group by message_id",
      [ids],
    );
    return new Map(rows.map((row) => [row.message_id, Number(row.at)]));
  } finally {
    await client.end();
  }
}

/** The time the last of `ids` was recorded `delivered`, or null when they were not all in time. */
async function waitForDelivered(databaseUrl: string, ids: string[], timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const times = await deliveredTimes(databaseUrl, ids);
    if (times.size >= ids.length) return Math.max(...times.values());
    if (Date.now() > deadline) return null;
    await delay(250);
  }
}

async function sendBatches(server: TestServer, key: string, count: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  await pool(Math.ceil(count / 100), 4, async (batch) => {
    const data = await post(server.baseUrl, "/sending/messages/batch", key, {
      messages: Array.from({ length: 100 }, (_, index) => message(batch * 100 + index, tag)),
    });
    for (const item of data.items!) ids.push(item.id);
  });
  return ids;
}

async function endToEnd(server: TestServer, databaseUrl: string, key: string, mode: "batch" | "single", count: number, tag: string) {
  const start = Date.now();
  const ids =
    mode === "batch"
      ? await sendBatches(server, key, count, tag)
      : await pool(count, 32, async (index) => (await post(server.baseUrl, "/sending/messages", key, message(index, tag))).id!);
  const acceptedAt = Date.now();
  const inSink = await waitForSink(new Set(ids), 300_000);
  const delivered = await waitForDelivered(databaseUrl, ids, 300_000);
  return {
    count: ids.length,
    acceptSeconds: (acceptedAt - start) / 1000,
    sinkSeconds: inSink ? (inSink - start) / 1000 : NaN,
    seconds: delivered ? (delivered - start) / 1000 : NaN,
    rate: delivered ? ids.length / ((delivered - start) / 1000) : NaN,
  };
}

async function latencyAtRate(server: TestServer, databaseUrl: string, key: string, rate: number, seconds: number) {
  const acceptedAt = new Map<string, number>();
  const total = Math.round(rate * seconds);
  await Promise.all(
    Array.from({ length: total }, async (_, index) => {
      await delay((index / rate) * 1000);
      const data = await post(server.baseUrl, "/sending/messages", key, message(index, "postfix-latency"));
      acceptedAt.set(data.id!, Date.now());
    }),
  );
  const ids = [...acceptedAt.keys()];
  await waitForDelivered(databaseUrl, ids, 120_000);
  const times = await deliveredTimes(databaseUrl, ids);
  const latencies = ids.filter((id) => times.has(id)).map((id) => times.get(id)! - acceptedAt.get(id)!);
  return { rate, sent: total, delivered: times.size, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Accept → the recipient `deferred`, for recipients the sink answers with a 451 (one at a time): the slowest, in seconds. */
async function deferralSeconds(server: TestServer, databaseUrl: string, key: string, count: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let slowest = 0;
    for (let index = 0; index < count; index += 1) {
      const start = Date.now();
      const sent = await post(server.baseUrl, "/sending/messages", key, {
        ...message(index, "postfix-deferral"),
        to: `busy-${index}@example.org`,
      });
      for (;;) {
        const { rows } = await client.query("select 1 from message_recipients where message_id = $1 and status = 'deferred'", [sent.id]);
        if (rows.length > 0) break;
        if (Date.now() - start > 60_000) return Number.POSITIVE_INFINITY;
        await delay(20);
      }
      slowest = Math.max(slowest, (Date.now() - start) / 1000);
    }
    return slowest;
  } finally {
    await client.end();
  }
}

/** The child Postfix's master (its process group holds every Postfix process of this server). */
function postfixMaster(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, "postfix", "queue", "pid", "master.pid"), "utf8").trim());
}

/** Messages in Postfix's active and incoming queues: the most it can be delivering when it dies. */
function queuedInPostfix(dataDir: string): number {
  const count = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (sum, entry) => sum + (entry.isDirectory() ? count(path.join(dir, entry.name)) : 1),
      0,
    );
  return ["active", "incoming"].reduce((sum, queue) => sum + count(path.join(dataDir, "postfix", "queue", queue)), 0);
}

async function faultRun(server: TestServer, databaseUrl: string, key: string, count: number) {
  const before = arrivals.length;
  let inFlight = 0;
  let killedMaster = 0;
  const killer = (async () => {
    while (arrivals.length - before < count / 4) await delay(10);
    killedMaster = postfixMaster(server.dataDir);
    inFlight = queuedInPostfix(server.dataDir);
    process.kill(-killedMaster, "SIGKILL");
  })();
  const start = Date.now();
  const ids = await sendBatches(server, key, count, "postfix-crash");
  await killer;
  // Hand-offs refused while it was down are retried by the delivery job (10 s, then longer).
  const inSink = await waitForSink(new Set(ids), 300_000);
  const delivered = await waitForDelivered(databaseUrl, ids, 120_000);
  await drain(databaseUrl, 60_000);
  const idSet = new Set(ids);
  const ours = arrivals.filter((arrival) => idSet.has(arrival.cesId));
  const perMessageId = new Map<string, number>();
  for (const arrival of ours) perMessageId.set(arrival.messageId, (perMessageId.get(arrival.messageId) ?? 0) + 1);
  const received = new Set(ours.map((arrival) => arrival.cesId));
  const recordedDelivered = (await deliveredTimes(databaseUrl, ids)).size;
  return {
    accepted: ids.length,
    killedMaster,
    restartedMaster: postfixMaster(server.dataDir),
    inFlight,
    lost: ids.filter((id) => !received.has(id)).length,
    duplicated: [...perMessageId.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0),
    delivered: recordedDelivered,
    seconds: ((delivered ?? inSink ?? Date.now()) - start) / 1000,
  };
}

/**
 * The engine's own ceiling in this run: Postfix's smtp-source hands `count` messages as long as the service's copies straight to
 * the child's hand-off socket (the bench runs as root, which may reach it) over 8 sessions, and the child delivers them to the sink as it does the service's
 * messages, without delivery reports (smtp-source asks for none). First message handed over → last in the sink.
 */
async function postfixAlone(server: TestServer, databaseUrl: string, count: number) {
  const socket = /hand-off on unix socket (\S+),/.exec(readFileSync(server.logFile, "utf8"))?.[1];
  if (!socket) throw new Error(`the server did not log Postfix's hand-off socket; see ${server.logFile}`);
  const before = arrivals.length;
  // As long as the service's copies (signed, with their text part) that reached the sink so far in this run.
  const length =
    Math.round(
      percentile(
        arrivals.filter((arrival) => arrival.cesId !== "").map((arrival) => arrival.bytes),
        50,
      ),
    ) || 10_000;
  const stopCpu = await startCpuMeter(server.pid, databaseUrl);
  const start = Date.now();
  await promisify(execFile)("/usr/sbin/smtp-source", [
    ...["-s", "8", "-m", String(count), "-l", String(length), "-f", "bench@mta.bench.test", "-t", "reader0@example.org"],
    `unix:${socket}`,
  ]);
  const deadline = Date.now() + 300_000;
  const fromSource = () => arrivals.slice(before).filter((arrival) => arrival.cesId === "");
  while (fromSource().length < count && Date.now() < deadline) await delay(50);
  const arrived = fromSource();
  const last = Math.max(...arrived.map((arrival) => arrival.at));
  return {
    count,
    bytes: length,
    arrived: arrived.length,
    rate: arrived.length / ((last - start) / 1000),
    cpuMsPerMessage: (await stopCpu()) / count,
  };
}

async function waitForPostfix(server: TestServer): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = (await (await fetch(`${server.baseUrl}/api/v1/health/ready`)).json()) as { data: { outboundMta: string } };
    if (ready.data.outboundMta === "online") return;
    if (Date.now() > deadline) throw new Error(`Postfix did not come online; see ${server.logFile}`);
    await delay(200);
  }
}

export async function postfixRun(options: {
  databaseUrl: string;
  key: string;
  /** The first server's secrets: this one opens the DKIM keys it sealed. */
  secrets: Record<string, string>;
  sink: { host: string; port: number };
  messageCount: number;
  deliveryWorkers: number;
}) {
  const { databaseUrl, key, sink, messageCount } = options;
  let dns: DnsServer | undefined;
  let server: TestServer | undefined;
  try {
    // Postfix asks port 53 only: the test DNS server gets a 127.x address of its own.
    const dnsHost = loopbackAddress();
    dns = await startDnsServer({ host: dnsHost, port: 53 });
    const records = dnsControl(dns.controlUrl);
    // The bench's recipients are reader<n>@example.org: their MX is the sink.
    await records.publish("example.org", "MX", ["10 mx.sink.bench.test"]);
    await records.publish("mx.sink.bench.test", "A", [sink.host]);
    server = await startTestServer({
      label: "bench-send-postfix",
      databaseUrl,
      env: {
        ...options.secrets,
        WEB_CONCURRENCY: "2",
        DELIVERY_WORKERS: String(options.deliveryWorkers),
        RUN_JOBS: "true",
        POSTFIX: "on",
        OUTBOUND_SMTP_PORT: String(sink.port),
        DNS_SERVERS: dnsHost,
        MX_PORT: String(await freeLoopbackPort()),
        MAIL_HOSTNAME: "mta.bench.test",
        // A message the kill leaves deferred is retried within seconds, not Postfix's 5 minutes.
        POSTFIX_MINIMAL_BACKOFF_TIME: "5s",
        POSTFIX_MAXIMAL_BACKOFF_TIME: "10s",
        RATE_LIMIT_OVERRIDES: "api=100000000/1",
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      },
    });
    await waitForPostfix(server);
    const alone = await postfixAlone(server, databaseUrl, messageCount);
    // Server, Postfix and database CPU per message: what two quiet cores could carry, whatever else the machine runs.
    const stopCpu = await startCpuBreakdown(server.pid, databaseUrl);
    const batchRun = await endToEnd(server, databaseUrl, key, "batch", messageCount, "postfix-batch");
    const cpuParts = await stopCpu();
    const perMessage = (ms: number) => ms / batchRun.count;
    const batch = {
      ...batchRun,
      cpuMsPerMessage: perMessage(cpuTotal(cpuParts)),
      cpuMsPerMessageByPart: cpuPerUnit(cpuParts, batchRun.count),
    };
    await drain(databaseUrl);
    const single = await endToEnd(server, databaseUrl, key, "single", Math.round(messageCount / 3), "postfix-single");
    await drain(databaseUrl);
    const latency = await latencyAtRate(server, databaseUrl, key, Math.max(1, Math.round(single.rate / 2)), 15);
    await drain(databaseUrl);
    const deferral = { count: 5, slowestSeconds: await deferralSeconds(server, databaseUrl, key, 5) };
    await drain(databaseUrl);
    const fault = await faultRun(server, databaseUrl, key, messageCount);
    return { alone, batch, single, latency, deferral, fault };
  } finally {
    await server?.stop();
    await dns?.stop();
  }
}

type PostfixResults = Awaited<ReturnType<typeof postfixRun>>;

/** Report rows beside the run's one-core signature rate and the smart host's end to end in batches. */
/** `smartHost`: the same run's end to end in batches through the smart host, and its CPU per message. */
export function postfixRows(result: PostfixResults, rsa: number, smartHost: { rate: number; cpuMsPerMessage: number } | null): string[][] {
  const { alone, batch, single, latency, deferral, fault } = result;
  const beside = [
    `${(batch.rate / rsa).toFixed(3)} × one-core signatures`,
    smartHost ? `${(batch.rate / smartHost.rate).toFixed(2)} × the smart host` : null,
  ];
  return [
    [
      `Postfix alone: ${alone.count} messages of ${alone.bytes} bytes (the service's copies' size) from smtp-source to the child's hand-off socket, 8 sessions, no delivery reports (first handed over → last in the sink)`,
      `${Math.round(alone.rate)} messages/s = ${(alone.rate / rsa).toFixed(3)} × one-core signatures, ${alone.cpuMsPerMessage.toFixed(1)} ms of CPU per message (${alone.arrived} arrived); the service's path below runs at ${(batch.rate / alone.rate).toFixed(2)} × this`,
    ],
    [
      `End to end through Postfix, ${batch.count} messages in batches (first accept → last recipient \`delivered\`)`,
      `${Math.round(batch.rate)} messages/s = ${beside.filter(Boolean).join(", ")} (accepted in ${batch.acceptSeconds.toFixed(1)} s, last in the sink at ${batch.sinkSeconds.toFixed(1)} s, last delivered at ${batch.seconds.toFixed(1)} s)`,
    ],
    [
      "CPU per message end to end in batches (server, Postfix, database) and what two idle cores would carry",
      `through Postfix ${batch.cpuMsPerMessage.toFixed(1)} ms (${cpuPartsText(batch.cpuMsPerMessageByPart)}) → ${Math.round(2000 / batch.cpuMsPerMessage)} messages/s = ${(2000 / batch.cpuMsPerMessage / rsa).toFixed(3)} × one-core signatures${smartHost ? `; through the smart host ${smartHost.cpuMsPerMessage.toFixed(1)} ms → ${Math.round(2000 / smartHost.cpuMsPerMessage)} messages/s` : ""}`,
    ],
    [
      `End to end through Postfix, ${single.count} single sends, 32 concurrent (→ \`delivered\`)`,
      `${Math.round(single.rate)} messages/s (accepted in ${single.acceptSeconds.toFixed(1)} s, last delivered at ${single.seconds.toFixed(1)} s)`,
    ],
    [
      `Accept → \`delivered\` through Postfix at ${latency.rate} messages/s (half the single-send rate), ${latency.sent} messages`,
      `p50 ${Math.round(latency.p50)} ms, p99 ${Math.round(latency.p99)} ms (${latency.delivered} delivered)`,
    ],
    [
      `Accept → \`deferred\` through Postfix for a recipient whose server answers 451, ${deferral.count} messages one at a time`,
      `slowest ${deferral.slowestSeconds.toFixed(2)} s`,
    ],
    [
      `SIGKILL of the Postfix child's process group mid-run, ${fault.accepted} messages`,
      `lost ${fault.lost}, duplicated ${fault.duplicated} (in Postfix's active and incoming queues at the kill: ${fault.inFlight}); recorded delivered ${fault.delivered}; master ${fault.killedMaster} → ${fault.restartedMaster}; all delivered ${fault.seconds.toFixed(1)} s after the first accept`,
    ],
  ];
}

/** One line per target (the issue's goals), from this run's figures. */
export function postfixTargets(result: PostfixResults): string[] {
  const { alone, batch, deferral, fault } = result;
  return [
    targetLine("end to end through Postfix ÷ Postfix alone", batch.rate / alone.rate, "≥ 0.6", batch.rate / alone.rate >= 0.6),
    targetLine("451 → deferred", `${deferral.slowestSeconds.toFixed(2)} s`, "≤ 5 s", deferral.slowestSeconds <= 5),
    targetLine("lost when Postfix is killed", fault.lost, "0", fault.lost === 0),
    targetLine("duplicated when Postfix is killed", fault.duplicated, `≤ ${fault.inFlight} in flight`, fault.duplicated <= fault.inFlight),
  ];
}
