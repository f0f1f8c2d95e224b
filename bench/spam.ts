// bench:spam: what the spam filter costs the MX, with mail for hosted mailboxes.
// One app (launcher, MX, its child Dovecot) asks one real rspamd (Debian's,
// configured by the service's own writer) on a machine without Internet: DNS
// goes to a loopback server that answers NXDOMAIN for every name it does not
// hold, as a local resolver of an offline machine would. Two mailboxes on the
// same domain, one filtered (action junk) and one with filtering off, take the
// same ordinary messages over fresh SMTP connections (to the machine's network
// address, not loopback, which rspamd would not check), in alternating rounds:
// - messages/s with 4 senders at once, per mailbox;
// - each transaction's time (connect to the reply to DATA), one sender at a time: p50, p99;
// - every accepted message counted in the mailbox's folders over IMAP (lost = accepted - stored).
// Targets (docs/spam-and-rules.md): filtering costs at most half the MX's
// throughput, and adds under 300 ms at p99.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:spam
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { rspamdLayout } from "@/server/spam-filter/rspamd-config";
import { startDnsServer } from "../tests/support/dns-server";
import { startTestRspamd } from "../tests/support/rspamd";
import { createTestDatabase } from "../tests/support/test-database";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { prepareAccount } from "./send-app";
import { writeResults } from "./write-results";

const MESSAGES = Number(process.env.BENCH_SPAM_MESSAGES ?? 150);
const ROUNDS = 2;
// The MX lets one address hold 5 connections (server/mail/mx/mx-limits.ts); the bench has one address.
const SENDERS = 4;

type Mailbox = { address: string; password: string; filtered: boolean };

function message(to: string, index: number): Buffer {
  return Buffer.from(
    `From: Sender <sender${index}@example.org>\r\nTo: ${to}\r\nSubject: Invoice ${index} for March\r\n` +
      `Message-ID: <${randomBytes(8).toString("hex")}@example.org>\r\nDate: ${new Date().toUTCString()}\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\n\r\nHello,\r\n\r\nplease find the figures for March below.\r\n${"Line of text. ".repeat(40)}\r\n`,
  );
}

/** The machine's first non-loopback IPv4 address, where the MX listens, so rspamd sees a sender that is not local. */
function networkAddress(): string {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal);
  if (!found) throw new Error("bench:spam needs a network address other than loopback (rspamd does not check loopback senders)");
  return found.address;
}
const HOST = networkAddress();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** `count` messages to one mailbox with `senders` connections at a time: rate, transaction times, replies. */
async function deliver(mxPort: number, box: Mailbox, count: number, senders: number) {
  const latencies: number[] = [];
  const replies = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (next < count) {
        const index = next++;
        const t0 = performance.now();
        // A fresh connection per message, as most MTAs deliver to an MX.
        const transport = nodemailer.createTransport({
          host: HOST,
          port: mxPort,
          secure: false,
          ignoreTLS: true,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        });
        const code = await transport
          .sendMail({ envelope: { from: `sender${index}@example.org`, to: [box.address] }, raw: message(box.address, index) })
          .then(
            () => "250",
            (error: { response?: string; code?: string }) => (error.response ?? error.code ?? "error").slice(0, 60),
          );
        transport.close();
        latencies.push(performance.now() - t0);
        replies.set(code, (replies.get(code) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    sent: count,
    perSecond: (replies.get("250") ?? 0) / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    accepted: replies.get("250") ?? 0,
    replies,
  };
}

async function storedCount(imapPort: number, box: Mailbox): Promise<number> {
  const client = new ImapFlow({
    host: HOST,
    port: imapPort,
    secure: false,
    // The child Dovecot's certificate is the launcher's self-signed one outside production.
    tls: { rejectUnauthorized: false },
    auth: { user: box.address, pass: box.password },
    logger: false,
  });
  await client.connect();
  try {
    let total = 0;
    for (const folder of ["INBOX", "Junk"]) {
      // A mailbox that never got spam has no Junk folder yet.
      const status = await client.status(folder, { messages: true }).catch(() => null);
      total += status ? (status.messages ?? 0) : 0;
    }
    return total;
  } finally {
    await client.logout();
  }
}

async function createMailbox(server: TestServer, accessToken: string, local: string, filtered: boolean): Promise<Mailbox> {
  const headers = { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
  const address = `${local}@news.bench.example`;
  const password = `Bench-${randomBytes(12).toString("hex")}`;
  const created = await fetch(`${server.baseUrl}/api/v1/mailboxes`, {
    method: "POST",
    headers,
    body: JSON.stringify({ address, password }),
  });
  const body = (await created.json()) as { data: { id: string } };
  if (created.status !== 201) throw new Error(`creating ${address} answered ${created.status}: ${JSON.stringify(body)}`);
  if (!filtered) {
    const off = await fetch(`${server.baseUrl}/api/v1/mailboxes/${body.data.id}/spam`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ action: "off" }),
    });
    if (off.status !== 200) throw new Error(`turning filtering off answered ${off.status}`);
  }
  return { address, password, filtered };
}

async function main() {
  const baseDatabaseUrl = process.env.DATABASE_URL;
  if (!baseDatabaseUrl) throw new Error("Set DATABASE_URL to a PostgreSQL server (a database is created and dropped)");
  const dns = await startDnsServer();
  const rspamdDir = path.resolve(".test-data", "rspamd-bench");
  const rspamd = await startTestRspamd(rspamdDir, [dns.address], null);
  // rspamd spares a local sender checks one on the Internet gets (SPF among them): loopback always, and private
  // networks by default. The MX listens on this machine's own network address and this rspamd counts none as local.
  writeFileSync(path.join(rspamdLayout(rspamdDir).confDir, "override.d/options.inc"), "local_addrs = [];\n");
  rspamd.launch();
  const database = await createTestDatabase(baseDatabaseUrl, "bench_spam");
  const ports = {
    mx: await freeLoopbackPort(),
    imap: await freeLoopbackPort(),
    pop3: await freeLoopbackPort(),
    lmtp: await freeLoopbackPort(),
  };
  const server = await startTestServer({
    label: "bench-spam",
    databaseUrl: database.url,
    env: {
      LOG_LEVEL: "warn",
      MAIL_LISTEN: HOST,
      DNS_SERVERS: dns.address,
      MX_PORT: String(ports.mx),
      SUBMISSION_PORT: "0",
      SUBMISSIONS_PORT: "0",
      DOVECOT: "auto",
      IMAP_PORT: String(ports.imap),
      POP3_PORT: String(ports.pop3),
      LMTP_PORT: String(ports.lmtp),
      MANAGESIEVE_PORT: "0",
      RSPAMD: "external",
      RSPAMD_URL: rspamd.url,
      RATE_LIMIT_OVERRIDES: "mxMessagesPerIp=100000000/1",
    },
  });
  try {
    const { accessToken } = await prepareAccount(server, database.url);
    const boxes = [
      await createMailbox(server, accessToken, "filtered", true),
      await createMailbox(server, accessToken, "unfiltered", false),
    ];
    const waitStarted = performance.now();
    while (
      !(await fetch(`${rspamd.url}/ping`).then(
        (response) => response.ok,
        () => false,
      ))
    )
      await new Promise((resolve) => setTimeout(resolve, 250));
    // rspamd loads while the app starts; this is what was left to wait for after both.
    const waitSeconds = (performance.now() - waitStarted) / 1000;
    for (const box of boxes) await deliver(ports.mx, box, 20, 4); // warm-up: the first verdicts compile what the load left

    const totals = new Map<string, { sent: number; accepted: number; other: Map<string, number> }>();
    const rows: { filtered: boolean; round: number; perSecond: number; p50: number; p99: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so a machine that slows down during the run does not favour one.
      const order = round % 2 === 0 ? boxes : [...boxes].reverse();
      for (const box of order) {
        const busy = await deliver(ports.mx, box, MESSAGES, SENDERS);
        const alone = await deliver(ports.mx, box, Math.round(MESSAGES / 3), 1);
        rows.push({ filtered: box.filtered, round, perSecond: busy.perSecond, p50: alone.p50, p99: alone.p99 });
        for (const run of [busy, alone]) {
          const total = totals.get(box.address) ?? { sent: 0, accepted: 0, other: new Map() };
          total.sent += run.sent;
          total.accepted += run.accepted;
          for (const [code, n] of run.replies) if (code !== "250") total.other.set(code, (total.other.get(code) ?? 0) + n);
          totals.set(box.address, total);
        }
      }
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const of = (filtered: boolean) => rows.filter((row) => row.filtered === filtered);
    const summary = (filtered: boolean) => ({
      perSecond: mean(of(filtered).map((row) => row.perSecond)),
      p50: mean(of(filtered).map((row) => row.p50)),
      p99: Math.max(...of(filtered).map((row) => row.p99)),
    });
    const on = summary(true);
    const off = summary(false);
    const counted = await Promise.all(
      boxes.map(async (box) => {
        const total = totals.get(box.address)!;
        // The warm-up's 20 are in the folders too.
        const stored = (await storedCount(ports.imap, box)) - 20;
        return { box: box.address, ...total, other: Object.fromEntries(total.other), stored, lost: total.accepted - stored };
      }),
    );
    const figures = {
      waitSeconds,
      cores: os.availableParallelism(),
      loadAverage: os.loadavg()[0],
      messagesPerRow: MESSAGES,
      rounds: ROUNDS,
      senders: SENDERS,
      rows,
      on,
      off,
      throughputRatio: on.perSecond / off.perSecond,
      addedP99Ms: on.p99 - off.p99,
      counted,
    };
    const table = [
      `rspamd was ready ${waitSeconds.toFixed(1)} s after the app; ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)} at the end; ` +
        `${ROUNDS} rounds of ${MESSAGES} messages (${SENDERS} senders) and ${Math.round(MESSAGES / 3)} (one sender) per mailbox`,
      "",
      `| mailbox | messages/s, ${SENDERS} senders | p50 ms, 1 sender | p99 ms, 1 sender |`,
      "|---|---|---|---|",
      `| filtered (rspamd asked) | ${on.perSecond.toFixed(1)} | ${on.p50.toFixed(0)} | ${on.p99.toFixed(0)} |`,
      `| filtering off | ${off.perSecond.toFixed(1)} | ${off.p50.toFixed(0)} | ${off.p99.toFixed(0)} |`,
      "",
      `Filtered ÷ off throughput: **${figures.throughputRatio.toFixed(2)}** (target ≥ 0.5); added p99: **${figures.addedP99Ms.toFixed(0)} ms** (target < 300).`,
      "",
      "| mailbox | sent | accepted | other replies | stored | lost |",
      "|---|---|---|---|---|---|",
      ...counted.map(
        (row) => `| ${row.box} | ${row.sent} | ${row.accepted} | ${JSON.stringify(row.other)} | ${row.stored} | ${row.lost} |`,
      ),
    ].join("\n");
    writeResults("spam", figures, table);
  } finally {
    await server.stop();
    await rspamd.stop();
    await dns.stop();
    await database.drop();
  }
}

await main();
process.exit(0);
