// bench:webmail: what the webmail API answers in, request by request, on a
// mailbox of BENCH_WEBMAIL_MESSAGES small messages (default 30) delivered
// over LMTP, beside GET /health/ready in the same run: folders, the first
// page of INBOX, one message (in INBOX, and in Trash with and without the
// folder it was listed in), a search. BENCH_WEBMAIL_RUNS requests each
// (default 30), one at a time and taking turns; p50, p90 and p99 in milliseconds. The real
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

type Row = { label: string; request: (run: number) => Promise<{ status: number }> };

/**
 * Every row once per round, in turn, RUNS rounds after a warm-up round: load that comes and goes on the
 * machine falls on the floor and the rows alike, so their ratios hold where the milliseconds do not.
 */
async function timedInRounds(rows: Row[]) {
  for (const row of rows) await row.request(0);
  const latencies = rows.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run += 1) {
    for (const [index, row] of rows.entries()) {
      const started = performance.now();
      const answer = await row.request(run);
      latencies[index]!.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`${row.label} answered ${answer.status}`);
    }
  }
  return rows.map((row, index) => {
    const sorted = latencies[index]!.sort((a, b) => a - b);
    return { label: row.label, p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99) };
  });
}

try {
  const { accessToken: token } = await registerBenchAccount(server.baseUrl);
  const mailboxId = await mailboxWithMessages(token);
  const base = `/mailboxes/${mailboxId}`;
  const page = await api<{ items: { id: string }[] }>(token, "GET", `${base}/messages?limit=20`);
  if (page.status !== 200) throw new Error(`the first page answered ${page.status}: ${JSON.stringify(page.data).slice(0, 300)}`);
  // Five of them to Trash: a message outside INBOX opens with the folder it was listed in, or found without it.
  const trashed = page.data.items.slice(-5).map((item) => item.id);
  for (const id of trashed) await api(token, "DELETE", `${base}/messages/${id}`);
  const ids = page.data.items.slice(0, -5).map((item) => item.id);
  const rows = await timedInRounds([
    {
      label: "`GET /api/v1/health/ready` (floor)",
      request: async () => {
        const response = await fetch(`${server.baseUrl}/api/v1/health/ready`);
        await response.text();
        return response;
      },
    },
    { label: "the mailbox itself (session and database, no IMAP)", request: () => api(token, "GET", base) },
    { label: "folders", request: () => api(token, "GET", `${base}/folders`) },
    { label: "list INBOX, 20 messages", request: () => api(token, "GET", `${base}/messages?limit=20`) },
    { label: "open one message", request: (run) => api(token, "GET", `${base}/messages/${ids[run % ids.length]}`) },
    {
      label: "open one in Trash, `folder=Trash` given",
      request: (run) => api(token, "GET", `${base}/messages/${trashed[run % trashed.length]}?folder=Trash`),
    },
    {
      label: "open one in Trash, no folder given",
      request: (run) => api(token, "GET", `${base}/messages/${trashed[run % trashed.length]}`),
    },
    { label: "search `q=` matching every message", request: () => api(token, "GET", `${base}/messages?q=invoice&limit=20`) },
    {
      label: "search `q=` for one message's subject",
      request: () => api(token, "GET", `${base}/messages?q=${encodeURIComponent(`Invoice ${Math.floor(MESSAGES / 2)} for`)}&limit=20`),
    },
  ]);
  const floor = rows[0]!;
  const table = [
    `${MESSAGES} messages in INBOX, ${RUNS} rounds of one request per row, one at a time`,
    "",
    "| Request | p50 | p50 ÷ floor's | p90 | p99 |",
    "|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.p50.toFixed(1)} ms | ${(row.p50 / floor.p50).toFixed(1)}× | ${row.p90.toFixed(1)} ms | ${row.p99.toFixed(1)} ms |`,
    ),
  ].join("\n");
  writeResults("webmail", { messages: MESSAGES, runs: RUNS, rows }, table);
} finally {
  await server.stop();
  await database?.drop();
}
process.exit(0);
