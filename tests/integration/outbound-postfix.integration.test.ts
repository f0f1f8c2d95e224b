// Delivery to the Internet through the service's own Postfix (POSTFIX=on),
// on a server of its own with real Postfix from Debian. What is outside the
// machine is played on loopback: a test DNS server on port 53 of another
// 127.x address (Postfix asks port 53 only; the child's outbound client reads
// a resolv.conf of its own, so the machine's resolver is untouched) answers
// MX and A records for a test domain whose MX is an smtp-server sink on a
// third 127.x address, at OUTBOUND_SMTP_PORT, offering STARTTLS with a
// self-signed certificate. A message sent through the API arrives at the sink
// with its VERP return path and DSN request; Postfix's log gives the server's
// address and the TLS of the delivery (not verified, policy `may`). Postfix's
// reports come back to our MX and set each recipient's outcome: a success
// report `delivered`, a delay report (a 451 at RCPT) `deferred`, a 550 at
// RCPT `bounced` (and the address suppressed), a recipient still refused when
// the queue lifetime (short here) runs out `expired`. Retry times are short
// too, so a 451 then 250 goes deferred → delivered within seconds. The
// service's own emails (EMAIL_TRANSPORT=outbound) leave the same way. Killed, the
// child is restarted; stopped with the service, nothing of it is left.
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canConnect } from "@/server/engines/process-checks";
import { freeLoopbackPort } from "@/server/runtime/free-port";
import { selfSignedCertificateFiles } from "@/server/security/tls-credentials";
import { type DnsServer, dnsControl, startDnsServer } from "../support/dns-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { strongPassword, uniqueEmail } from "../support/factories";
import { startTestServer, type TestServer } from "../support/test-server";

/** A loopback address of its own (127.0.0.0/8 is all on `lo`), away from 127.0.0.1 and resolvers' usual 127.0.0.53. */
const loopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;

type Received = { mailFrom: string; rcptTo: string[]; data: string };
const received: Received[] = [];
const recipientDomain = `rcpt-${randomBytes(4).toString("hex")}.test`;

const refusedOnce = new Set<string>();
const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/**
 * The recipients' MX: takes mail for its domain; refuses `gone@` at RCPT with
 * a 550 (`gone…@`), answers `busy…@` with a 451 every time and `late-…@`
 * with a 451 the first time only.
 */
const sinkCertificate = selfSignedCertificateFiles(mkdtempSync(path.join(tmpdir(), "postfix-sink-")), "localhost");
const sink = new SMTPServer({
  logger: false,
  authOptional: true,
  disabledCommands: ["AUTH"],
  key: readFileSync(sinkCertificate.keyFile),
  cert: readFileSync(sinkCertificate.certFile),
  onRcptTo(address, _session, done) {
    const local = address.address.split("@")[0]!;
    if (local.startsWith("gone")) return done(refusal(550, "5.1.1 No such user here"));
    if (local.startsWith("busy")) return done(refusal(451, "4.2.1 Mailbox busy, try again later"));
    if (local.startsWith("late-") && !refusedOnce.has(address.address)) {
      refusedOnce.add(address.address);
      return done(refusal(451, "4.3.0 Greylisted, come back soon"));
    }
    done();
  },
  onData(stream, session, done) {
    let data = "";
    stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
    stream.on("end", () => {
      const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
      received.push({ mailFrom, rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
      done();
    });
  },
});

/** Long enough for the delay report to come first, short enough for the test. */
const QUEUE_LIFETIME_SECONDS = 25;

type Recipient = { email: string; status: string; remoteMta: string | null; diagnostic: string | null; tls: unknown };
type MessageEvent = { type: string; detail: Record<string, unknown> };

let dns: DnsServer;
let database: TestDatabase | undefined;
let server: TestServer;
let sender: { key: string; token: string; from: string };
/** The sink as Postfix names it in its log: `host[ip]:port`. */
let sinkRelay: string;
let sinkAddress: { host: string; port: number };
let records: ReturnType<typeof dnsControl>;

async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; see ${server?.logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const api = async (method: string, route: string, token: string, body?: unknown) => {
  const response = await fetch(`${server.baseUrl}/api/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: Record<string, unknown> & { events?: MessageEvent[]; recipients?: Recipient[] } },
  };
};

async function sendingAccount(): Promise<{ key: string; token: string; from: string }> {
  const register = await fetch(`${server.baseUrl}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: uniqueEmail("outbound"), password: strongPassword() }),
  });
  const token = ((await register.json()) as { data: { accessToken: string } }).data.accessToken;
  const domain = await api("POST", "/sending/domains", token, { name: "outbound.example" });
  const key = await api("POST", "/sending/api-keys", token, { name: "outbound", scope: "sending" });
  // The domain's own DNS is not what is tested here.
  const client = new pg.Client({
    connectionString: database?.url ?? readFileSync(path.join(server.dataDir, "embedded-database.url"), "utf8").trim(),
  });
  await client.connect();
  await client.query("update sending_domains set status = 'verified', verified_at = now() where id = $1", [domain.body.data.domain_id]);
  await client.end();
  return { key: key.body.data.secret as string, token, from: "orders@outbound.example" };
}

const send = async (to: string | string[], subject: string) => {
  const sent = await api("POST", "/sending/messages", sender.key, {
    from: `Shop <${sender.from}>`,
    to,
    subject,
    text: "Hello from our MTA",
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body.data.id as string;
};
const messageOf = async (id: string) => (await api("GET", `/sending/messages/${id}`, sender.key)).body.data;
const recipientOf = async (id: string, email: string) => (await messageOf(id)).recipients?.find((entry) => entry.email === email);
/** Waits until the recipient's outcome is `status`. */
const recipientReaches = (id: string, email: string, status: string, timeoutMs = 30_000) =>
  waitFor(
    async () => {
      const recipient = await recipientOf(id, email);
      return recipient?.status === status ? recipient : undefined;
    },
    `${email} ${status}`,
    timeoutMs,
  );
type FeedEvent = { type: string; object: { type: string; id: string }; detail: Record<string, unknown> };
/** The account's feed of recipients' outcomes, every page. */
async function outcomeFeed(): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  let after = "";
  for (;;) {
    const types = "message.sent,message.delivered,message.delivery_delayed,message.bounced,message.expired";
    const page = await api("GET", `/events?limit=500&types=${types}${after ? `&after=${after}` : ""}`, sender.token);
    expect(page.status).toBe(200);
    const data = page.body.data as unknown as { items: FeedEvent[]; nextCursor: string };
    events.push(...data.items);
    if (data.items.length < 500) return events;
    after = data.nextCursor;
  }
}
const readiness = async () =>
  ((await (await fetch(`${server.baseUrl}/api/v1/health/ready`)).json()) as { data: { outboundMta: string } }).data.outboundMta;
const serverLog = () => readFileSync(server.logFile, "utf8");

/** Processes of this server's Postfix: their configuration directory is under its DATA_DIR. */
function postfixPids(dataDir: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const environment = readFileSync(`/proc/${entry}/environ`, "latin1");
        const command = readFileSync(`/proc/${entry}/cmdline`, "latin1");
        return environment.includes(`MAIL_CONFIG=${dataDir}/postfix/config`) || command.includes(`${dataDir}/postfix/config`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

beforeAll(async () => {
  const dnsHost = loopbackAddress();
  let sinkHost = loopbackAddress();
  while (sinkHost === dnsHost) sinkHost = loopbackAddress();
  const outboundPort = await freeLoopbackPort();
  dns = await startDnsServer({ host: dnsHost, port: 53 });
  await new Promise<void>((resolve) => sink.listen(outboundPort, sinkHost, () => resolve()));
  const control = dnsControl(dns.controlUrl);
  await control.publish(recipientDomain, "MX", [`10 mx.${recipientDomain}`]);
  await control.publish(`mx.${recipientDomain}`, "A", [sinkHost]);
  sinkRelay = `mx.${recipientDomain}[${sinkHost}]:${outboundPort}`;
  sinkAddress = { host: sinkHost, port: outboundPort };
  records = control;
  const base = process.env.DATABASE_URL;
  if (base) database = await createTestDatabase(base, "postfix");
  server = await startTestServer({
    label: "outbound-postfix",
    databaseUrl: database?.url, // unset: an embedded database of its own
    env: {
      POSTFIX: "on",
      OUTBOUND_SMTP_PORT: String(outboundPort),
      DNS_SERVERS: dnsHost,
      MX_PORT: String(await freeLoopbackPort()),
      MAIL_HOSTNAME: "mta.outbound.test",
      // The service's own emails take the same way out (docs/delivery.md, "The service's own emails").
      EMAIL_TRANSPORT: "outbound",
      EMAIL_FROM: "Outbound Test <no-reply@mta.outbound.test>",
      // Seconds instead of hours, so a retry, a delay report and an expiry happen within the test.
      POSTFIX_MINIMAL_BACKOFF_TIME: "2s",
      POSTFIX_MAXIMAL_BACKOFF_TIME: "4s",
      POSTFIX_DELAY_WARNING_TIME: "1s",
      POSTFIX_QUEUE_LIFETIME: `${QUEUE_LIFETIME_SECONDS}s`,
    },
  });
  await waitFor(async () => ((await readiness()) === "online" ? true : undefined), "Postfix online");
  sender = await sendingAccount();
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await dns?.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  await database?.drop();
});

describe("finding the recipient's server in DNS", () => {
  /** Waits for the recipient's evidence from Postfix's log: the server that took it. */
  const deliveredBy = async (id: string, email: string) => {
    await recipientReaches(id, email, "delivered");
    return waitFor(async () => {
      const found = await recipientOf(id, email);
      return found?.tls ? found.remoteMta : undefined;
    }, "the server that took it, from Postfix's log");
  };

  it("a domain with no MX record: delivered to the address of its A record", async () => {
    const domain = `nomx-${randomBytes(4).toString("hex")}.test`;
    await records.publish(domain, "A", [sinkAddress.host]);
    const subject = `No MX ${randomBytes(4).toString("hex")}`;
    const id = await send(`buyer@${domain}`, subject);
    expect(await deliveredBy(id, `buyer@${domain}`)).toBe(`${domain}[${sinkAddress.host}]:${sinkAddress.port}`);
    expect(received.filter((entry) => entry.data.includes(subject))).toHaveLength(1);
  }, 60_000);

  it("the first MX unreachable: the second, by preference, takes it", async () => {
    const domain = `twomx-${randomBytes(4).toString("hex")}.test`;
    let deadHost = loopbackAddress();
    while (deadHost === sinkAddress.host) deadHost = loopbackAddress();
    // Listed second but preferred (10): nothing listens there, so the connection is refused.
    await records.publish(domain, "MX", [`20 mx2.${domain}`, `10 mx1.${domain}`]);
    await records.publish(`mx1.${domain}`, "A", [deadHost]);
    await records.publish(`mx2.${domain}`, "A", [sinkAddress.host]);
    const subject = `Two MX ${randomBytes(4).toString("hex")}`;
    const id = await send(`buyer@${domain}`, subject);
    expect(await deliveredBy(id, `buyer@${domain}`)).toBe(`mx2.${domain}[${sinkAddress.host}]:${sinkAddress.port}`);
    expect(received.filter((entry) => entry.data.includes(subject))).toHaveLength(1);
    expect(serverLog()).toMatch(
      new RegExp(`connect to mx1\\.${domain.replaceAll(".", "\\.")}\\[${deadHost.replaceAll(".", "\\.")}\\]:\\d+: Connection refused`),
    );
  }, 60_000);
});

describe("delivery through the service's Postfix", () => {
  it("delivers to the recipient's MX found in DNS, asking for delivery reports, and the success report reaches our MX", async () => {
    const subject = `Order ${randomBytes(4).toString("hex")}`;
    const id = await send(`buyer@${recipientDomain}`, subject);
    const copy = await waitFor(() => received.find((entry) => entry.data.includes(subject)), "the sink's copy");
    expect(copy.rcptTo).toEqual([`buyer@${recipientDomain}`]);
    // The VERP return path of a customer domain, kept by Postfix.
    expect(copy.mailFrom).toMatch(new RegExp(`^${id}-[a-z0-9]+@ces-bounces\\.outbound\\.example$`));
    expect(copy.data).toContain("mta.outbound.test (Postfix)");
    expect(copy.data).toMatch(/^DKIM-Signature:/m);
    // Postfix's "Successful Mail Delivery Report" (Action: relayed: the sink offers no DSN of its own) went
    // straight to our MX (a transport entry, not DNS): the recipient is delivered, and with it the message.
    await recipientReaches(id, `buyer@${recipientDomain}`, "delivered");
    // From Postfix's log, matched by the queue ID it answered at the hand-off: the server's address and the TLS of the delivery.
    const recipient = await waitFor(async () => {
      const found = await recipientOf(id, `buyer@${recipientDomain}`);
      return found?.tls ? found : undefined;
    }, "the delivery's TLS from Postfix's log");
    expect(recipient).toMatchObject({
      status: "delivered",
      remoteMta: sinkRelay,
      tls: { protocol: expect.stringMatching(/^TLSv1\.[23]$/), verified: false, policy: "may" },
    });
    expect(recipient.diagnostic).toMatch(/^250 /);
    const message = await messageOf(id);
    expect(message.status).toBe("delivered");
    expect(message.events?.map((event) => event.type)).toEqual(expect.arrayContaining(["sent", "delivered"]));
    expect(message.events?.find((event) => event.type === "delivered")?.detail).toMatchObject({
      recipient: `buyer@${recipientDomain}`,
      // The report names the host; the log's fuller name when it came first (the usual order).
      remoteMta: expect.stringContaining(`mx.${recipientDomain}`),
      source: "dsn",
    });
    // Postfix logs the report's hand-off once our MX has answered it: after the outcome is recorded.
    await waitFor(
      () =>
        /postfix\/smtp\[\d+\]: \w+: to=<[^>]+@ces-bounces\.outbound\.example>, relay=127\.0\.0\.1\[127\.0\.0\.1\]/.test(serverLog())
          ? true
          : undefined,
      "Postfix's log of the report's hand-off to our MX",
    );
  }, 60_000);

  it("a message to three recipients ends delivered, deferred and bounced, each on the message and in the event feed", async () => {
    const tag = randomBytes(3).toString("hex");
    const [ok, busy, gone] = [`buyer@${recipientDomain}`, `busy-${tag}@${recipientDomain}`, `gone-${tag}@${recipientDomain}`];
    const id = await send([ok, busy, gone], "Three ways");
    await recipientReaches(id, ok, "delivered");
    const deferred = await recipientReaches(id, busy, "deferred");
    expect(deferred.diagnostic).toContain("451 4.2.1 Mailbox busy");
    const bounced = await recipientReaches(id, gone, "bounced");
    expect(bounced.diagnostic).toContain("550 5.1.1");
    const message = await messageOf(id);
    // Not every recipient was delivered, and not every one bounced.
    expect(message.status).toBe("sent");
    expect(message.recipients?.map((entry) => [entry.email, entry.status])).toEqual([
      [ok, "delivered"],
      [busy, "deferred"],
      [gone, "bounced"],
    ]);
    const delayed = message.events?.find((event) => event.type === "delivery_delayed" && event.detail.recipient === busy);
    expect(delayed?.detail).toMatchObject({ recipient: busy, source: "dsn", diagnostic: expect.stringContaining("451") });
    // The feed shows events in commit order, a moment after the message does.
    const feed = await waitFor(async () => {
      const events = (await outcomeFeed()).filter((event) => event.object.id === id);
      return events.some((event) => event.type === "message.bounced") ? events : undefined;
    }, "the bounce in the feed");
    expect(feed.map((event) => [event.type, event.detail.recipient])).toEqual(
      expect.arrayContaining([
        ["message.delivered", ok],
        ["message.delivery_delayed", busy],
        ["message.bounced", gone],
      ]),
    );
    expect(feed.find((event) => event.type === "message.delivered")?.detail).toMatchObject({
      remoteMta: expect.stringContaining(`mx.${recipientDomain}`),
    });
    // The busy recipient is still refused when the queue lifetime runs out: expired, in the feed too.
    const expired = await recipientReaches(id, busy, "expired", (QUEUE_LIFETIME_SECONDS + 30) * 1000);
    expect(expired.diagnostic).toContain("451");
    await waitFor(
      async () => ((await outcomeFeed()).some((event) => event.object.id === id && event.type === "message.expired") ? true : undefined),
      "message.expired in the feed",
    );
    expect((await messageOf(id)).events?.filter((event) => event.type === "expired").map((event) => event.detail.recipient)).toEqual([
      busy,
    ]);
  }, 120_000);

  it("a 451 then a 250 goes deferred, then delivered", async () => {
    const late = `late-${randomBytes(3).toString("hex")}@${recipientDomain}`;
    const id = await send(late, "Greylisted");
    await recipientReaches(id, late, "delivered", 60_000);
    const message = await messageOf(id);
    expect(message.status).toBe("delivered");
    const types = message.events?.map((event) => event.type) ?? [];
    // The retry came after the delay report (1 s here) was due, so the report came first.
    expect(types.indexOf("delivery_delayed")).toBeGreaterThan(-1);
    expect(types.indexOf("delivery_delayed")).toBeLessThan(types.indexOf("delivered"));
    expect(received.filter((entry) => entry.rcptTo.includes(late))).toHaveLength(1);
  }, 90_000);

  it("a 550 at the recipient's MX comes back as Postfix's failure report: the message bounces and the address is suppressed", async () => {
    const recipient = `gone@${recipientDomain}`;
    const id = await send(recipient, "Where did you go");
    const message = await waitFor(async () => {
      const current = await messageOf(id);
      return current.status === "bounced" ? current : undefined;
    }, "the bounce");
    const bounced = message.events?.find((event) => event.type === "bounced") as { detail?: Record<string, unknown> } | undefined;
    expect(bounced?.detail).toMatchObject({ recipient, bounceType: "hard", source: "dsn" });
    expect(String(bounced?.detail?.diagnostic)).toContain("550");
    const suppressions = await api("GET", "/sending/suppressions", sender.token);
    expect(JSON.stringify(suppressions.body.data)).toContain(recipient);
  }, 60_000);

  it("sends the service's own emails through it too, signed with the service's DKIM key", async () => {
    const owner = `owner-${randomBytes(4).toString("hex")}@${recipientDomain}`;
    const register = await fetch(`${server.baseUrl}/api/v1/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: owner, password: strongPassword() }),
    });
    expect(register.status).toBe(201);
    const forgot = await fetch(`${server.baseUrl}/api/v1/auth/password/forgot`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: owner }),
    });
    expect(forgot.status).toBe(200);
    const copy = await waitFor(() => received.find((entry) => entry.rcptTo.includes(owner)), "the reset code at the sink");
    expect(copy.mailFrom).toBe("no-reply@mta.outbound.test");
    expect(copy.data).toMatch(/^From: Outbound Test <no-reply@mta\.outbound\.test>/m);
    expect(copy.data).toMatch(/^DKIM-Signature: [\s\S]*?d=mta\.outbound\.test;/m);
    expect(copy.data).toContain("mta.outbound.test (Postfix)");
  }, 60_000);

  it("restarts Postfix when it dies; messages handed off meanwhile wait and are delivered", async () => {
    const masters = postfixPids(server.dataDir).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("master"));
    expect(masters).toHaveLength(1);
    process.kill(masters[0]!, "SIGKILL");
    await waitFor(async () => ((await readiness()) === "offline" ? true : undefined), "offline in /health/ready", 10_000);
    const subject = `After the restart ${randomBytes(4).toString("hex")}`;
    const id = await send(`later@${recipientDomain}`, subject);
    await waitFor(() => received.find((entry) => entry.data.includes(subject)), "the copy after the restart", 90_000);
    expect(await readiness()).toBe("online");
    expect(["sent", "delivered"]).toContain((await messageOf(id)).status);
  }, 120_000);

  it("stops with the service: no Postfix process left and its hand-off port closed", async () => {
    const handOff = /hand-off on 127\.0\.0\.1:(\d+)/.exec(serverLog())?.[1];
    expect(handOff).toBeDefined();
    expect(postfixPids(server.dataDir).length).toBeGreaterThan(1);
    await server.stop();
    // The launcher stops Postfix after its workers drain (up to 20 s each on a loaded machine).
    await waitFor(() => (postfixPids(server.dataDir).length === 0 ? true : undefined), "every Postfix process gone", 60_000);
    expect(await canConnect("127.0.0.1", Number(handOff))).toBe(false);
  }, 120_000);
});
