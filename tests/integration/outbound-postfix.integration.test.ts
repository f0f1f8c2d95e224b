// Delivery to the Internet through the service's own Postfix (POSTFIX=on),
// on a server of its own with real Postfix from Debian. What is outside the
// machine is played on loopback: a test DNS server on port 53 of another
// 127.x address (Postfix asks port 53 only; the child's outbound client reads
// a resolv.conf of its own, so the machine's resolver is untouched) answers
// MX and A records for a test domain whose MX is an smtp-server sink on a
// third 127.x address, at OUTBOUND_SMTP_PORT, offering STARTTLS with a
// self-signed certificate. A message sent through the API arrives at the sink
// with its VERP return path and a request for failure and delay reports only;
// Postfix's log sets each recipient's outcome at once, with the server's
// address and the TLS of the delivery (not verified, policy `may`): `delivered`,
// `deferred` on a 451 at RCPT (within seconds), `bounced` on a 550 (and the
// address suppressed), `expired` for a recipient still refused when the queue
// lifetime (short here) runs out. Postfix's failure and delay reports still
// come back to the service's reports listener (loopback, the postfix user's
// connections only) and record nothing twice. Retry times are short too, so
// a 451 then 250 goes deferred → delivered within seconds. The
// service's own emails (EMAIL_TRANSPORT=outbound) leave the same way. A
// domain whose MX is a Google host name (served by the test DNS) takes the
// `google` preset transport. A domain that publishes an MTA-STS policy (its
// `_mta-sts` TXT record in the test DNS, the policy file from an HTTPS server
// on port 443 of another 127.x address, certificates trusted through
// OUTBOUND_TLS_CA_FILE) is delivered only to a verified server, with the
// policy `mta-sts` in its evidence; its MX with an untrusted certificate gets
// nothing. Killed, the child is restarted, and so is the resolver (the
// outbound MTA offline in /health/ready meanwhile); stopped with the service,
// nothing of either is left.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { SMTPServerAddress } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canConnect } from "@/server/engines/process-checks";
import { postfixLayout } from "@/server/outbound/postfix/postfix-config";
import { postfixUser } from "@/server/outbound/postfix/postfix-user";
import { socketmapLookup } from "@/server/outbound/postfix/tls-policy-applied";
import { writePostfixFiles } from "@/server/outbound/postfix/write-postfix-files";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { selfSignedCertificateFiles } from "@/server/security/tls-credentials";
import { type DnsServer, dnsControl, startDnsServer } from "../support/dns-server";
import {
  loopbackAddress,
  loopbackAddresses,
  type ReceivedCopy,
  type RecipientMx,
  refusal,
  startRecipientMx,
} from "../support/recipient-mx";
import { expectGarbageRefusedBeforeMail, smtpDialogue } from "../support/smtp-dialogue";
import { swaksAs } from "../support/swaks-as";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { strongPassword, uniqueEmail } from "../support/factories";
import { holdsFor } from "../support/poll";
import { startTestServer, type TestServer } from "../support/test-server";

/** What the recipients' MX took (the array of its RecipientMx, once started). */
let received: ReceivedCopy[] = [];
const recipientDomain = `rcpt-${randomBytes(4).toString("hex")}.test`;

const refusedOnce = new Set<string>();
/**
 * The recipients' MX refuses `gone…@` at RCPT with a 550, answers `busy…@` with a 451 every time and `late-…@`
 * with a 451 the first time only.
 */
function recipientRule(address: SMTPServerAddress) {
  const local = address.address.split("@")[0]!;
  if (local.startsWith("gone")) throw refusal(550, "5.1.1 No such user here");
  if (local.startsWith("busy")) throw refusal(451, "4.2.1 Mailbox busy, try again later");
  if (local.startsWith("late-") && !refusedOnce.has(address.address)) {
    refusedOnce.add(address.address);
    throw refusal(451, "4.3.0 Greylisted, come back soon");
  }
}

/**
 * A domain with an MTA-STS policy in `enforce` mode naming its MX, `mx.<domain>`: that MX (another sink, on its own
 * 127.x address) has a certificate for the name, trusted through OUTBOUND_TLS_CA_FILE, as is the policy host's
 * `mta-sts.<domain>`. A second domain's policy names an MX whose certificate nobody trusts (the first sink's).
 */
const stsDomain = `sts-${randomBytes(4).toString("hex")}.test`;
const stsUntrustedDomain = `sts-untrusted-${randomBytes(4).toString("hex")}.test`;
/** World-readable: the resolver reads the bundle as its own user. */
const certificateDir = mkdtempSync(path.join(tmpdir(), "postfix-sts-"));
chmodSync(certificateDir, 0o755);
const stsMxCertificate = selfSignedCertificateFiles(path.join(certificateDir, "mx"), `mx.${stsDomain}`);
const policyHostCertificates = [stsDomain, stsUntrustedDomain].map((domain) =>
  selfSignedCertificateFiles(path.join(certificateDir, domain), `mta-sts.${domain}`),
);
const caBundle = path.join(certificateDir, "trusted.pem");
writeFileSync(caBundle, [stsMxCertificate, ...policyHostCertificates].map((files) => readFileSync(files.certFile, "utf8")).join(""), {
  mode: 0o644,
});
let stsReceived: ReceivedCopy[] = [];
const policyFetches: string[] = [];
/** https://mta-sts.<domain>/.well-known/mta-sts.txt for both policy domains (SNI picks the certificate). */
const policyServer = https.createServer(
  {
    key: readFileSync(policyHostCertificates[0]!.keyFile),
    cert: readFileSync(policyHostCertificates[0]!.certFile),
    SNICallback: (servername, callback) => {
      const index = servername === `mta-sts.${stsUntrustedDomain}` ? 1 : 0;
      callback(null, tlsContext(policyHostCertificates[index]!));
    },
  },
  (request, response) => {
    const host = (request.headers.host ?? "").replace(/^mta-sts\./, "");
    policyFetches.push(host);
    if (request.url !== "/.well-known/mta-sts.txt" || ![stsDomain, stsUntrustedDomain].includes(host)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/plain" });
    response.end(`version: STSv1\r\nmode: enforce\r\nmx: mx.${host}\r\nmax_age: 86400\r\n`);
  },
);
function tlsContext(files: { keyFile: string; certFile: string }) {
  return tls.createSecureContext({ key: readFileSync(files.keyFile), cert: readFileSync(files.certFile) });
}

/** Long enough for the delay report to come first, short enough for the test. */
const QUEUE_LIFETIME_SECONDS = 25;

type Recipient = { email: string; status: string; remoteMta: string | null; diagnostic: string | null; tls: unknown };
type MessageEvent = { type: string; detail: Record<string, unknown> };

let dns: DnsServer;
let recipientMxes: RecipientMx[] = [];
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

/** A statement on the server's database (PostgreSQL, or its embedded one). */
async function storedRows(text: string, values: unknown[]) {
  const client = new pg.Client({
    connectionString: database?.url ?? readFileSync(path.join(server.dataDir, "embedded-database.url"), "utf8").trim(),
  });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

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
  await storedRows("update sending_domains set status = 'verified', verified_at = now() where id = $1", [domain.body.data.domain_id]);
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
/** Whether something accepts connections on a unix-domain socket. */
const socketAnswers = (socketPath: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ path: socketPath });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
/** The child's hand-off socket, as the server logged it. */
const handOffSocket = () => /hand-off on unix socket (\S+),/.exec(serverLog())?.[1];
/** The child's log file: beside its queue, whose private/ directory holds the hand-off socket. */
const logFile = () => path.resolve(handOffSocket()!, "../../../log/maillog");
/** The loopback port the child Postfix mails its delivery reports to, as the server logged it. */
const reportsPort = () => Number(/delivery reports from the child Postfix on 127\.0\.0\.1:(\d+)/.exec(serverLog())?.[1]);

/** Processes of this server's Postfix and MTA-STS resolver: their configuration is under its DATA_DIR. */
function postfixPids(dataDir: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const environment = readFileSync(`/proc/${entry}/environ`, "latin1");
        const command = readFileSync(`/proc/${entry}/cmdline`, "latin1");
        return (
          environment.includes(`MAIL_CONFIG=${dataDir}/postfix/config`) ||
          command.includes(`${dataDir}/postfix/config`) ||
          command.includes(`${dataDir}/postfix/mta-sts`)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

beforeAll(async () => {
  const [dnsHost, sinkHost, stsSinkHost, policyHost] = loopbackAddresses(4) as [string, string, string, string];
  const outboundPort = await freeLoopbackPort();
  dns = await startDnsServer({ host: dnsHost, port: 53 });
  await new Promise<void>((resolve) => policyServer.listen(443, policyHost, () => resolve()));
  const control = dnsControl(dns.controlUrl);
  const port = outboundPort;
  recipientMxes = [
    await startRecipientMx({ dns: control, domain: recipientDomain, host: sinkHost, port, onRecipient: recipientRule }),
    await startRecipientMx({ dns: control, domain: stsDomain, host: stsSinkHost, port, certificate: stsMxCertificate }),
  ];
  [received, stsReceived] = recipientMxes.map((mx) => mx.received) as [ReceivedCopy[], ReceivedCopy[]];
  // The untrusted policy names the first sink, whose certificate nobody trusts.
  await control.publish(stsUntrustedDomain, "MX", [`10 mx.${stsUntrustedDomain}`]);
  await control.publish(`mx.${stsUntrustedDomain}`, "A", [sinkHost]);
  for (const domain of [stsDomain, stsUntrustedDomain]) {
    await control.publish(`_mta-sts.${domain}`, "TXT", ["v=STSv1; id=20261127T000000"]);
    await control.publish(`mta-sts.${domain}`, "A", [policyHost]);
  }
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
      // Past the queue lifetime: every delay recorded here comes from Postfix's log, none from a delay report.
      POSTFIX_DELAY_WARNING_TIME: "1h",
      POSTFIX_QUEUE_LIFETIME: `${QUEUE_LIFETIME_SECONDS}s`,
      OUTBOUND_TLS_CA_FILE: caBundle,
    },
  });
  await waitFor(async () => ((await readiness()) === "online" ? true : undefined), "Postfix online");
  sender = await sendingAccount();
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await dns?.stop();
  for (const mx of recipientMxes) await mx.stop();
  await new Promise<void>((resolve) => policyServer.close(() => resolve()));
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

/** The child's configuration directory, and what Postfix itself reads from it. */
const configDir = () => path.join(server.dataDir, "postfix", "config");
const postconf = (...args: string[]) => execFileSync("/usr/sbin/postconf", ["-c", configDir(), ...args], { encoding: "utf8" }).trim();

describe("presets for the big mailbox providers", () => {
  it("a domain whose MX is a Google host takes the google transport, with its limits, and is delivered", async () => {
    // Postfix reads the presets as written: per-destination concurrency in main.cf, the connection cap and the
    // messages per connection in master.cf.
    expect(postconf("-h", "google_destination_concurrency_limit")).toBe("10");
    expect(postconf("-h", "yahoo_destination_rate_delay")).toBe("0s");
    expect(postconf("-M", "google/unix")).toMatch(/^google\s+unix\s+-\s+-\s+y\s+-\s+20\s+smtp\s/);
    expect(postconf("-P", "yahoo/unix/smtp_connection_reuse_count_limit")).toBe("yahoo/unix/smtp_connection_reuse_count_limit = 20");
    expect(postconf("-P", "handoff/unix/smtpd_recipient_restrictions")).toMatch(/ = check_recipient_mx_access,regexp:/);
    // A company domain hosted by Google: matched by its MX host, not its name (the test DNS serves the Google name).
    const domain = `workspace-${randomBytes(4).toString("hex")}.test`;
    await records.publish(domain, "MX", ["1 aspmx.l.google.com"]);
    await records.publish("aspmx.l.google.com", "A", [sinkAddress.host]);
    const subject = `Preset ${randomBytes(4).toString("hex")}`;
    const id = await send(`buyer@${domain}`, subject);
    await recipientReaches(id, `buyer@${domain}`, "delivered");
    expect(received.filter((entry) => entry.data.includes(subject))).toHaveLength(1);
    const log = serverLog();
    // At hand-off: the recipient domain's MX host matched the google preset.
    expect(log).toContain(`<buyer@${domain}>: Recipient address triggers FILTER google:`);
    expect(log).toMatch(
      new RegExp(`postfix/google/smtp\\[\\d+\\]: \\w+: to=<buyer@${domain.replaceAll(".", "\\.")}>, relay=aspmx\\.l\\.google\\.com\\[`),
    );
    // The log line of a preset's client is evidence like any other.
    const recipient = await waitFor(async () => {
      const found = await recipientOf(id, `buyer@${domain}`);
      return found?.tls ? found : undefined;
    }, "the delivery's evidence from the google client's log");
    expect(recipient.remoteMta).toBe(`aspmx.l.google.com[${sinkAddress.host}]:${sinkAddress.port}`);
  }, 60_000);
});

describe("presets when DNS fails at hand-off", () => {
  it("a domain whose MX lookup fails is still taken (the default transport), and delivered once its DNS answers", async () => {
    const domain = `flaky-${randomBytes(4).toString("hex")}.test`;
    await records.publish(domain, "MX", [`10 mx.${domain}`]);
    await records.publish(`mx.${domain}`, "A", [sinkAddress.host]);
    await records.fail(domain, "servfail");
    const subject = `Flaky DNS ${randomBytes(4).toString("hex")}`;
    const id = await send(`buyer@${domain}`, subject);
    // Postfix took it (no temporary refusal at hand-off): it waits in Postfix's queue, whose log lines and delay reports
    // are the only delays on the message.
    const events = await waitFor(async () => {
      const current = (await messageOf(id)).events ?? [];
      return current.some((event) => event.type === "sent") ? current : undefined;
    }, "the hand-off");
    expect(
      events.filter((event) => event.type === "delivery_delayed" && !["dsn", "mta-log"].includes(String(event.detail.source))),
    ).toEqual([]);
    await records.fail(domain, null);
    await recipientReaches(id, `buyer@${domain}`, "delivered", 60_000);
    expect(received.filter((entry) => entry.data.includes(subject))).toHaveLength(1);
  }, 90_000);
});

describe("TLS policies", () => {
  const policyPort = () => Number(/^socketmap:inet:127\.0\.0\.1:(\d+):postfix$/.exec(postconf("-h", "smtp_tls_policy_maps"))?.[1]);

  it("the MTA-STS resolver answers Postfix's lookups: no policy for a domain without one, `secure` with the policy's MX for one with", async () => {
    expect(policyPort()).toBeGreaterThan(0);
    expect(postconf("-h", "smtp_tls_CAfile")).toBe(caBundle);
    expect(postconf("-h", "smtp_tls_security_level")).toBe("may");
    expect(await socketmapLookup(policyPort(), "postfix", recipientDomain)).toBe("NOTFOUND ");
    expect(await socketmapLookup(policyPort(), "postfix", stsDomain)).toBe(`OK secure match=mx.${stsDomain} servername=hostname`);
    expect(policyFetches).toContain(stsDomain);
  }, 30_000);

  it("a domain with an MTA-STS policy is delivered to its verified MX, and the evidence says mta-sts", async () => {
    const subject = `Policy ${randomBytes(4).toString("hex")}`;
    const id = await send(`buyer@${stsDomain}`, subject);
    await recipientReaches(id, `buyer@${stsDomain}`, "delivered");
    expect(stsReceived.filter((entry) => entry.data.includes(subject))).toHaveLength(1);
    const recipient = await waitFor(async () => {
      const found = await recipientOf(id, `buyer@${stsDomain}`);
      return found?.tls ? found : undefined;
    }, "the delivery's TLS from Postfix's log");
    expect(recipient.tls).toEqual({ protocol: expect.stringMatching(/^TLSv1\.[23]$/), verified: true, policy: "mta-sts" });
    expect(serverLog()).toMatch(new RegExp(`Verified TLS connection established to mx\\.${stsDomain.replaceAll(".", "\\.")}\\[`));
  }, 60_000);

  it("an MX whose certificate the policy's check fails gets nothing: the recipient is deferred", async () => {
    const subject = `Untrusted ${randomBytes(4).toString("hex")}`;
    const id = await send(`buyer@${stsUntrustedDomain}`, subject);
    const deferred = await recipientReaches(id, `buyer@${stsUntrustedDomain}`, "deferred");
    expect(deferred.diagnostic).toMatch(/certificate|TLS/i);
    expect(received.filter((entry) => entry.data.includes(subject))).toHaveLength(0);
    expect(serverLog()).toMatch(new RegExp(`to=<buyer@${stsUntrustedDomain.replaceAll(".", "\\.")}>.*status=deferred \\(.*[Cc]ertificate`));
  }, 60_000);

  it("POSTFIX_DANE=on: DNSSEC lookups and the dane level, and Postfix accepts the configuration", () => {
    const root = mkdtempSync(path.join(tmpdir(), "postfix-dane-"));
    const layout = postfixLayout(root);
    writePostfixFiles(
      {
        layout,
        hostname: "mta.outbound.test",
        outboundPort: 25,
        reportsTo: { host: "127.0.0.1", port: 10026, connections: 10 },
        returnPath: { domain: "bounces.outbound.test", label: "ces-bounces" },
        dnsServers: [],
        times: { delayWarning: "4h", queueLifetime: "5d", minimalBackoff: "300s", maximalBackoff: "4000s" },
        presets: true,
        tls: { caFile: caBundle, dane: true, mtaStsPort: 18461 },
      },
      postfixUser()!,
    );
    execFileSync("/usr/sbin/postfix", ["-c", layout.configDir, "check"], { stdio: "pipe" });
    const value = (name: string) => execFileSync("/usr/sbin/postconf", ["-c", layout.configDir, "-h", name], { encoding: "utf8" }).trim();
    expect(value("smtp_dns_support_level")).toBe("dnssec");
    expect(value("smtp_tls_security_level")).toBe("dane");
    expect(value("smtp_tls_policy_maps")).toBe("socketmap:inet:127.0.0.1:18461:postfix");
  });
});

describe("delivery through the service's Postfix", () => {
  it("delivers to the recipient's MX found in DNS; the delivery is read from Postfix's log, with no success report", async () => {
    const subject = `Order ${randomBytes(4).toString("hex")}`;
    const id = await send(`buyer@${recipientDomain}`, subject);
    const copy = await waitFor(() => received.find((entry) => entry.data.includes(subject)), "the sink's copy");
    expect(copy.rcptTo).toEqual([`buyer@${recipientDomain}`]);
    // The VERP return path of a customer domain, kept by Postfix.
    expect(copy.mailFrom).toMatch(new RegExp(`^${id}-[a-z0-9]+@ces-bounces\\.outbound\\.example$`));
    expect(copy.data).toContain("mta.outbound.test (Postfix)");
    expect(copy.data).toMatch(/^DKIM-Signature:/m);
    // Postfix's status line, matched by the queue ID it answered at the hand-off: delivered, with the server's address
    // and the TLS of the delivery, and with it the message.
    const recipient = await recipientReaches(id, `buyer@${recipientDomain}`, "delivered");
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
      remoteMta: sinkRelay,
      tls: { verified: false, policy: "may" },
      source: "mta-log",
    });
    // No success report was asked for, so none is sent back to our reports listener.
    const returnPath = copy.mailFrom.replace(/[.+]/g, "\\$&");
    const reported = new RegExp(`postfix/reports/smtp\\[\\d+\\]: \\w+: to=<${returnPath}>`);
    expect(await holdsFor(() => !reported.test(serverLog()), 3_000)).toBe(true);
    // How far the log was read is stored with what it said.
    const [position] = await storedRows("select inode, byte_offset from postfix_log_positions where log like $1", [`%:${logFile()}`]);
    expect(Number(position?.inode)).toBe(statSync(logFile()).ino);
    expect(Number(position?.byte_offset)).toBeGreaterThan(0);
  }, 60_000);

  describe.runIf(process.getuid?.() === 0)("who may hand the child mail", () => {
    /** The TCP ports this server's Postfix listens on (`ss`), the MTA-STS resolver's socketmap left out. */
    function postfixTcpPorts(): number[] {
      const pids = new Set(
        postfixPids(server.dataDir).filter((pid) => !readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("mta-sts-daemon")),
      );
      return execFileSync("ss", ["-Hltnp"], { encoding: "utf8" })
        .split("\n")
        .filter((line) => [...line.matchAll(/pid=(\d+)/g)].some((match) => pids.has(Number(match[1]))))
        .map((line) => Number(/:(\d+)$/.exec(line.trim().split(/\s+/)[3] ?? "")?.[1]));
    }
    const relayAttempt = ["--from", "anyone@outbound.example", "--to", `buyer@${recipientDomain}`, "--quit-after", "RCPT"];
    const relayed = (run: { replies: string[] }) => run.replies.some((reply) => reply.startsWith("250 2.1.5"));

    it("refuses an unprivileged process: Postfix listens on no TCP port, and its socket's directory is closed to others", () => {
      // Before, any local user (nobody included) could relay through a loopback port, as anyone to anyone.
      for (const port of postfixTcpPorts()) {
        const run = swaksAs("nobody", port, relayAttempt);
        expect(relayed(run), `port ${port}: ${run.transcript}`).toBe(false);
      }
      expect(postfixTcpPorts()).toEqual([]);
      const socket = handOffSocket();
      expect(socket).toBeDefined();
      const asNobody = swaksAs("nobody", { socket: socket! }, relayAttempt);
      expect(relayed(asNobody), asNobody.transcript).toBe(false);
      expect(asNobody.transcript).toMatch(/Permission denied/);
      // The service's own user reaches it, and Postfix relays for it (the deliveries above went this way).
      const asService = swaksAs("root", { socket: socket! }, relayAttempt);
      expect(relayed(asService), asService.transcript).toBe(true);
    }, 60_000);
  });

  it("the reports listener takes mail from the postfix user's connections only", async () => {
    const port = reportsPort();
    expect(port).toBeGreaterThan(0);
    // This test runs as root, not as postfix.
    const dialogue = smtpDialogue(port);
    expect((await dialogue.greeting).code).toBe(220);
    expect((await dialogue.send("EHLO intruder.test\r\n")).code).toBe(250);
    expect(await dialogue.send("MAIL FROM:<>\r\n")).toMatchObject({
      code: 553,
      text: expect.stringContaining("the service's Postfix only"),
    });
    dialogue.end();
  }, 30_000);

  describe.runIf(process.getuid?.() === 0)("the reports listener's hostile input, from the postfix user", () => {
    const asPostfix = (args: string[]) => swaksAs("postfix", reportsPort(), ["--from", "<>", ...args], "mta.outbound.test");
    /** A delivered message and its genuine return path, as Postfix reports to it. */
    async function deliveredMessage() {
      const subject = `Reported ${randomBytes(4).toString("hex")}`;
      const id = await send(`buyer@${recipientDomain}`, subject);
      const copy = await waitFor(() => received.find((entry) => entry.data.includes(subject)), "the sink's copy");
      await recipientReaches(id, `buyer@${recipientDomain}`, "delivered");
      return { id, returnPath: copy.mailFrom, events: (await messageOf(id)).events?.length ?? 0 };
    }
    /** swaks sends `content` as the postfix user, from a file that user can read. */
    function reportAsPostfix(to: string, content: string) {
      const dir = mkdtempSync(path.join(tmpdir(), "postfix-reports-"));
      chmodSync(dir, 0o755);
      const file = path.join(dir, "report.eml");
      writeFileSync(file, content);
      try {
        return asPostfix(["--to", to, "--data", file]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }

    it("refuses at RCPT an address that is not a return path, a forged token, and the 101st recipient", async () => {
      const { id, returnPath } = await deliveredMessage();
      const forged = returnPath.replace(/-[a-z0-9]+@/, `-${"0".repeat(20)}@`);
      for (const target of [`buyer@${recipientDomain}`, forged, `${id}@ces-bounces.outbound.example`]) {
        const { replies, transcript } = asPostfix(["--to", target, "--quit-after", "RCPT"]);
        expect(replies, transcript).toContainEqual(expect.stringMatching(/^550 5\.1\.1 /));
      }
      // A return path's domain part says nothing (every customer's points here), and each is another recipient.
      const token = returnPath.slice(0, returnPath.lastIndexOf("@"));
      const many = Array.from({ length: 101 }, (_, index) => `${token}@bounces-${index}.outbound.example`);
      const { replies, transcript } = asPostfix(["--to", many.join(","), "--quit-after", "RCPT"]);
      expect(
        replies.filter((reply) => reply.startsWith("250 ")),
        transcript,
      ).toHaveLength(102); // EHLO, MAIL and 100 recipients
      expect(replies.filter((reply) => reply.startsWith("452 4.5.3"))).toHaveLength(1);
    }, 60_000);

    it("refuses a report without a From, with NUL bytes or over the size limit at DATA, and records nothing", async () => {
      const { id, returnPath, events } = await deliveredMessage();
      const failure = (from: string) =>
        `${from}To: ${returnPath}\r\nSubject: Undelivered Mail Returned to Sender\r\nContent-Type: text/plain\r\n\r\n550 5.1.1 <buyer@${recipientDomain}>: gone\r\n`;
      for (const [content, reply] of [
        [failure(""), /^554 5\.6\.0 /],
        [failure("From: MAILER-DAEMON@mta.outbound.test\r\nX-Bad: a\u0000b\r\n"), /^554 5\.6\.0 .*NUL/],
        [failure("From: MAILER-DAEMON@mta.outbound.test\r\n") + `${"a".repeat(998)}\r\n`.repeat(26_000), /^552 /],
      ] as const) {
        const { replies, transcript } = reportAsPostfix(returnPath, content);
        expect(replies, transcript).toContainEqual(expect.stringMatching(reply));
      }
      const message = await messageOf(id);
      expect(message.recipients?.map((entry) => entry.status)).toEqual(["delivered"]);
      expect(message.events).toHaveLength(events);
    }, 90_000);

    it("answers garbage, NUL bytes and an overlong line with errors, and keeps serving", async () => {
      await expectGarbageRefusedBeforeMail(reportsPort(), "mta.outbound.test", ["AUTH PLAIN AGFkYQBzZWNyZXQ=", "STARTTLS"]);
      expect(asPostfix(["--to", `buyer@${recipientDomain}`, "--quit-after", "MAIL"]).replies).toContainEqual(
        expect.stringMatching(/^250 /),
      );
    }, 30_000);
  });

  it("a message to three recipients ends delivered, deferred and bounced, each on the message and in the event feed", async () => {
    const tag = randomBytes(3).toString("hex");
    const [ok, busy, gone] = [`buyer@${recipientDomain}`, `busy-${tag}@${recipientDomain}`, `gone-${tag}@${recipientDomain}`];
    const sentAt = Date.now();
    const id = await send([ok, busy, gone], "Three ways");
    await recipientReaches(id, ok, "delivered");
    const deferred = await recipientReaches(id, busy, "deferred");
    // From Postfix's log line of the first attempt: no delay report is waited for.
    expect(Date.now() - sentAt).toBeLessThan(5_000);
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
    expect(delayed?.detail).toMatchObject({
      recipient: busy,
      source: "mta-log",
      diagnostic: expect.stringContaining("451"),
      nextAttemptAt: expect.stringMatching(/^\d{4}-/),
    });
    // Each retry is logged too, and records nothing more.
    expect(message.events?.filter((event) => event.type === "delivery_delayed" && event.detail.recipient === busy)).toHaveLength(1);
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
    // The first attempt's 451, from Postfix's log, then the retry's 250.
    expect(types.indexOf("delivery_delayed")).toBeGreaterThan(-1);
    expect(types.indexOf("delivery_delayed")).toBeLessThan(types.indexOf("delivered"));
    expect(received.filter((entry) => entry.rcptTo.includes(late))).toHaveLength(1);
  }, 90_000);

  it("a 550 at the recipient's MX: the message bounces and the address is suppressed, once though Postfix's failure report comes back too", async () => {
    const recipient = `gone@${recipientDomain}`;
    const id = await send(recipient, "Where did you go");
    const message = await waitFor(async () => {
      const current = await messageOf(id);
      return current.status === "bounced" ? current : undefined;
    }, "the bounce");
    const bounced = message.events?.find((event) => event.type === "bounced") as { detail?: Record<string, unknown> } | undefined;
    // Postfix's log line and its failure report, mailed to our reports listener at once, race: whichever is first counts.
    expect(bounced?.detail).toMatchObject({ recipient, bounceType: "hard", source: expect.stringMatching(/^(mta-log|dsn)$/) });
    expect(String(bounced?.detail?.diagnostic)).toContain("550");
    // The other one is a replay and records nothing.
    const returnPath = new RegExp(`postfix/reports/smtp\\[\\d+\\]: \\w+: to=<${id}-[a-z0-9]+@`);
    await waitFor(() => (returnPath.test(serverLog()) ? true : undefined), "Postfix's failure report handed to our listener");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await messageOf(id)).events?.filter((event) => event.type === "bounced")).toHaveLength(1);
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

  it("restarts the MTA-STS resolver when it dies: offline meanwhile, and a message to a domain with a policy goes to its verified MX", async () => {
    const resolvers = postfixPids(server.dataDir).filter((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("mta-sts-daemon"),
    );
    expect(resolvers).toHaveLength(1);
    process.kill(resolvers[0]!, "SIGKILL");
    await waitFor(async () => ((await readiness()) === "offline" ? true : undefined), "offline in /health/ready", 10_000);
    const subject = `Policy after the restart ${randomBytes(4).toString("hex")}`;
    const id = await send(`buyer@${stsDomain}`, subject);
    await waitFor(async () => ((await readiness()) === "online" ? true : undefined), "online again in /health/ready", 30_000);
    await recipientReaches(id, `buyer@${stsDomain}`, "delivered", 60_000);
    expect(stsReceived.filter((entry) => entry.data.includes(subject))).toHaveLength(1);
    const recipient = await waitFor(async () => {
      const found = await recipientOf(id, `buyer@${stsDomain}`);
      return found?.tls ? found : undefined;
    }, "the delivery's TLS from Postfix's log");
    expect(recipient.tls).toMatchObject({ verified: true, policy: "mta-sts" });
  }, 120_000);

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

  it("stops with the service: no Postfix process nor MTA-STS resolver left, their socket and port closed", async () => {
    const handOff = handOffSocket();
    const resolverPort = /MTA-STS: mta-sts-daemon on 127\.0\.0\.1:(\d+)/.exec(serverLog())?.[1];
    expect(handOff).toBeDefined();
    expect(resolverPort).toBeDefined();
    expect(postfixPids(server.dataDir).length).toBeGreaterThan(1);
    const resolver = postfixPids(server.dataDir).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("mta-sts-daemon"));
    expect(resolver).toHaveLength(1);
    await server.stop();
    // The launcher stops Postfix after its workers drain (up to 20 s each on a loaded machine).
    await waitFor(() => (postfixPids(server.dataDir).length === 0 ? true : undefined), "every Postfix process gone", 60_000);
    expect(await socketAnswers(handOff!)).toBe(false);
    expect(await canConnect("127.0.0.1", Number(resolverPort))).toBe(false);
  }, 120_000);
});
