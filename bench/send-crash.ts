// A second instance working the same delivery queue, killed with SIGKILL once
// a quarter of a run has reached the sink: messages lost and duplicated are
// counted in the sink by Message-ID (docs/performance-sending.md).
import pg from "pg";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { pool } from "./send-baselines";
import { drain, message, post } from "./send-app";
import { arrivals, waitForSink } from "./send-sink";

/** `sharedEnv`: the first instance's secrets and SMTP_URL, as instances of one deployment share them. */
export async function crashRun(server: TestServer, databaseUrl: string, key: string, sharedEnv: Record<string, string>, count: number) {
  // A second instance working the same queue; killed (whole process group) mid-run.
  const second = await startTestServer({
    label: "bench-send-b",
    databaseUrl,
    env: {
      ...sharedEnv,
      WEB_CONCURRENCY: "1",
      DELIVERY_WORKERS: "1",
      RUN_JOBS: "true",
      EMAIL_TRANSPORT: "smtp",
      RATE_LIMIT_OVERRIDES: "api=100000000/1",
    },
    detached: true,
  });
  const ids = new Set<string>();
  // Killed once a quarter of the run has reached the sink: both instances are delivering by then.
  const before = arrivals.length;
  const killer = (async () => {
    while (arrivals.length - before < count / 4) await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(-second.pid, "SIGKILL");
  })();
  await pool(Math.ceil(count / 100), 4, async (batch) => {
    const data = await post(server.baseUrl, "/sending/messages/batch", key, {
      messages: Array.from({ length: 100 }, (_, index) => message(batch * 100 + index, "crash")),
    });
    for (const item of data.items!) ids.add(item.id);
  });
  await killer;
  await second.stop();
  // Jobs the killed instance held come back when their heartbeat (30 s) lapses.
  await waitForSink(ids, 180_000);
  await drain(databaseUrl, 60_000);
  const ours = arrivals.filter((arrival) => ids.has(arrival.cesId));
  const perMessageId = new Map<string, number>();
  for (const arrival of ours) perMessageId.set(arrival.messageId, (perMessageId.get(arrival.messageId) ?? 0) + 1);
  const received = new Set(ours.map((arrival) => arrival.cesId));
  // Jobs run again after the kill: what the killed instance held (or had failed for another reason).
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: string }>(
    "select count(*) as n from pgboss.job where name = 'message.deliver' and retry_count > 0 and data->>'messageId' = any($1)",
    [[...ids]],
  );
  await client.end();
  return {
    retried: Number(rows[0]!.n),
    accepted: ids.size,
    lost: [...ids].filter((id) => !received.has(id)).length,
    duplicated: [...perMessageId.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0),
  };
}
