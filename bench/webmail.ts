// bench:webmail: what the webmail API answers in, request by request, on a
// mailbox of BENCH_WEBMAIL_MESSAGES small messages (default 30) delivered
// over LMTP, beside GET /health/ready in the same run: folders, the first
// page of INBOX, one message, a search. BENCH_WEBMAIL_RUNS requests each
// (default 30), one at a time; p50, p90 and p99 in milliseconds. The real
// built server (`npm run build` first) with its child Dovecot and the
// development DNS, which verifies the mailbox's domain. DATABASE_URL: a
// throwaway database on that PostgreSQL server; otherwise the embedded one.
import { randomBytes } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer";
import { deliverToMailboxes } from "@/server/mail-store/lmtp/deliver-to-mailboxes";
import { freeLoopbackPort } from "@/server/runtime/free-port";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { startTestServer } from "../tests/support/test-server";
import { registerBenchAccount } from "./bench-account";
import { writeResults } from "./write-results";

const MESSAGES = Number(process.env.BENCH_WEBMAIL_MESSAGES ?? 30);
const RUNS = Number(process.env.BENCH_WEBMAIL_RUNS ?? 30);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const database: TestDatabase | null = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL, "webmail") : null;
const lmtpPort = await freeLoopbackPort();
const server = await startTestServer({
  label: "bench-webmail",
  databaseUrl: database?.url,
  env: {
    DOVECOT: "auto",
    IMAP_PORT: String(await freeLoopbackPort()),
    POP3_PORT: String(await freeLoopbackPort()),
    LMTP_PORT: String(lmtpPort),
    DEV_DNS_PORT: String(await freeLoopbackPort()),
    LOG_LEVEL: "warn",
  },
});

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { data: T };
  return { status: response.status, data: json.data };
}

async function mailboxWithMessages(token: string): Promise<string> {
  const domainName = `bench-${randomBytes(3).toString("hex")}.example.com`;
  const domain = await api<{ domain_id: string }>(token, "POST", "/sending/domains", { name: domainName });
  await api(token, "POST", `/sending/domains/${domain.data.domain_id}/verify`);
  const address = `reader@${domainName}`;
  const mailbox = await api<{ id: string }>(token, "POST", "/mailboxes", { address, password: "bench-mailbox-password-staple" });
  if (mailbox.status !== 201) throw new Error(`mailbox not created: ${JSON.stringify(mailbox.data)}`);
  // Four deliveries at a time: a 20,000-message mailbox fills in minutes rather than a quarter of an hour.
  let next = 0;
  const deliverOne = async (index: number) => {
    const raw = await new MailComposer({
      from: `Sender ${index % 7} <sender${index % 7}@example.org>`,
      to: address,
      subject: `Invoice ${index} for March`,
      text: `Hello,\n\nplease find the figures for March below.\n${"Line of text. ".repeat(40)}`,
    })
      .compile()
      .build();
    const [outcome] = await deliverToMailboxes(raw, [address], { lmtpUrl: `lmtp://127.0.0.1:${lmtpPort}` });
    if (!outcome?.delivered) throw new Error("a message was not delivered over LMTP");
  };
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < MESSAGES) await deliverOne(next++);
    }),
  );
  return mailbox.data.id;
}

async function timed(label: string, request: (run: number) => Promise<{ status: number }>) {
  await request(0); // warm-up, not counted
  const latencies: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const answer = await request(run);
    latencies.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${label} answered ${answer.status}`);
  }
  latencies.sort((a, b) => a - b);
  return { label, p50: percentile(latencies, 0.5), p90: percentile(latencies, 0.9), p99: percentile(latencies, 0.99) };
}

try {
  const { accessToken: token } = await registerBenchAccount(server.baseUrl);
  const mailboxId = await mailboxWithMessages(token);
  const base = `/mailboxes/${mailboxId}`;
  const page = await api<{ items: { id: string }[] }>(token, "GET", `${base}/messages?limit=20`);
  if (page.status !== 200) throw new Error(`the first page answered ${page.status}: ${JSON.stringify(page.data).slice(0, 300)}`);
  const ids = page.data.items.map((item) => item.id);
  const rows = [
    await timed("`GET /api/v1/health/ready` (floor)", () => fetch(`${server.baseUrl}/api/v1/health/ready`)),
    await timed("folders", () => api(token, "GET", `${base}/folders`)),
    await timed("list INBOX, 20 messages", () => api(token, "GET", `${base}/messages?limit=20`)),
    await timed("open one message", (run) => api(token, "GET", `${base}/messages/${ids[run % ids.length]}`)),
    await timed("search `q=` matching every message", () => api(token, "GET", `${base}/messages?q=invoice&limit=20`)),
    await timed("search `q=` for one message's subject", () =>
      api(token, "GET", `${base}/messages?q=${encodeURIComponent(`Invoice ${Math.floor(MESSAGES / 2)} for`)}&limit=20`),
    ),
  ];
  const table = [
    `${MESSAGES} messages in INBOX, ${RUNS} requests each, one at a time`,
    "",
    "| Request | p50 | p90 | p99 |",
    "|---|---|---|---|",
    ...rows.map((row) => `| ${row.label} | ${row.p50.toFixed(0)} ms | ${row.p90.toFixed(0)} ms | ${row.p99.toFixed(0)} ms |`),
  ].join("\n");
  writeResults("webmail", { messages: MESSAGES, runs: RUNS, rows }, table);
} finally {
  await server.stop();
  await database?.drop();
}
process.exit(0);
