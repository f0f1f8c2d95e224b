// The doors as production runs them: the whole service started with
// APP_ENV=production (own database, own Dovecot), then every door spoken to
// the way a client would. What only production turns on is checked here:
// mail listeners on every interface, IMAP and POP3 on implicit TLS, AUTH
// offered only after STARTTLS on submission and ManageSieve, the MX offering
// STARTTLS, HSTS behind a TLS proxy, and cookies the browser only sends over
// https. The outbound route is a dead smart host: nothing here sends mail.
import net from "node:net";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { selfSignedCertificate } from "../support/self-signed-certificate";
import { until } from "../support/poll";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
const ports: Record<string, number> = {};

/** Everything a plain or TLS socket receives until `done` matches, or what came within `ms`. */
function exchange(socket: net.Socket, send: string | null, done: RegExp, ms = 5_000): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const finish = () => {
      socket.off("data", onData);
      clearTimeout(timer);
      resolve(text);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (done.test(text)) finish();
    };
    const timer = setTimeout(finish, ms);
    socket.on("data", onData);
    if (send !== null) socket.write(send);
  });
}

/**
 * From 127.0.0.2: to Dovecot a client on the server's own address is local (it takes passwords from it without
 * TLS, as the service's own reader does); another loopback address plays a client from elsewhere.
 */
const plain = (port: number, localAddress = "127.0.0.2") =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1", localAddress }, () => resolve(socket));
    socket.once("error", reject);
  });

const overTls = (port: number) =>
  new Promise<tls.TLSSocket>((resolve, reject) => {
    const socket = tls.connect({ port, host: "127.0.0.1", rejectUnauthorized: false, servername: "localhost" }, () => resolve(socket));
    socket.once("error", reject);
  });

beforeAll(async () => {
  for (const name of [
    "PORT",
    "SUBMISSION_PORT",
    "SUBMISSIONS_PORT",
    "MX_PORT",
    "IMAP_PORT",
    "POP3_PORT",
    "MANAGESIEVE_PORT",
    "LMTP_PORT",
  ]) {
    ports[name] = await freeLoopbackPort();
  }
  const certificate = selfSignedCertificate(path.resolve(".test-data", `production-tls-${Date.now().toString(36)}`));
  server = await startTestServer({
    label: "production-doors",
    port: ports.PORT,
    env: {
      APP_ENV: "production",
      APP_URL: "https://localhost",
      AUTH_SECRET: "production-doors-secret-0123456789abcdef",
      ENCRYPTION_KEYS: `k1:${"2".repeat(64)}`,
      MAIL_HOSTNAME: "localhost",
      MAIL_TLS_CERT_FILE: certificate.certFile,
      MAIL_TLS_KEY_FILE: certificate.keyFile,
      // A smart host nobody answers on: nothing leaves, and Postfix stays out of it.
      EMAIL_TRANSPORT: "smtp",
      SMTP_URL: "smtp://127.0.0.1:9",
      TRUSTED_PROXIES: "127.0.0.1",
      // The test DNS, where nothing is published for the service's own names.
      DNS_SERVERS: inject("dnsServer"),
      DOVECOT: "auto",
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
    },
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("production doors", () => {
  it("listen on every interface, not loopback alone", async () => {
    const log = (await import("node:fs")).readFileSync(server.logFile, "utf8");
    expect(log).toContain(`SMTP submission (STARTTLS) on 0.0.0.0:${ports.SUBMISSION_PORT}`);
    expect(log).toContain(`MX, inbound SMTP (STARTTLS) on 0.0.0.0:${ports.MX_PORT}`);
    expect(log).toContain(`IMAP on 0.0.0.0:${ports.IMAP_PORT} (implicit TLS)`);
  });

  it("warn at start that the return-path host publishes no SPF record, naming the one to publish", async () => {
    const { readFileSync } = await import("node:fs");
    const warned = await until(() => readFileSync(server.logFile, "utf8").includes("publishes no SPF record"), 10_000);
    expect(warned, readFileSync(server.logFile, "utf8").slice(-2_000)).toBe(true);
    expect(readFileSync(server.logFile, "utf8")).toContain('Publish TXT "v=spf1 include:_spf.localhost ~all" there');
  });

  it("IMAP and POP3 speak TLS from the first byte: a plain client gets no greeting, a TLS one does", async () => {
    for (const [port, greeting] of [
      [ports.IMAP_PORT!, /^\* OK/],
      [ports.POP3_PORT!, /^\+OK/],
    ] as const) {
      const cleartext = await plain(port);
      expect(await exchange(cleartext, null, greeting, 2_000)).not.toMatch(greeting);
      cleartext.destroy();
      const secure = await overTls(port);
      expect(await exchange(secure, null, greeting)).toMatch(greeting);
      secure.destroy();
    }
  });

  it("submission offers AUTH only after STARTTLS; the implicit-TLS port greets over TLS", async () => {
    const socket = await plain(ports.SUBMISSION_PORT!);
    await exchange(socket, null, /^220 /m);
    const before = await exchange(socket, "EHLO client.example\r\n", /^250 /m);
    expect(before).toMatch(/250[- ]STARTTLS/);
    expect(before).not.toMatch(/AUTH/);
    expect(await exchange(socket, "AUTH PLAIN AGFkYQBzZWNyZXQ=\r\n", /^\d{3} /m)).toMatch(/^538 5\.7\.11/m);
    socket.destroy();
    const secure = await overTls(ports.SUBMISSIONS_PORT!);
    expect(await exchange(secure, null, /^220 /m)).toMatch(/^220 /m);
    expect(await exchange(secure, "EHLO client.example\r\n", /^250 /m)).toMatch(/250[- ]AUTH PLAIN LOGIN/);
    secure.destroy();
  });

  it("the MX offers STARTTLS", async () => {
    const socket = await plain(ports.MX_PORT!);
    await exchange(socket, null, /^220 /m);
    expect(await exchange(socket, "EHLO sender.example\r\n", /^250 /m)).toMatch(/250[- ]STARTTLS/);
    socket.destroy();
  });

  it("ManageSieve offers no way to log in before STARTTLS", async () => {
    const socket = await plain(ports.MANAGESIEVE_PORT!);
    const greeting = await exchange(socket, null, /^OK/m);
    expect(greeting).toMatch(/"STARTTLS"/);
    expect(greeting).toMatch(/"SASL" ""/);
    expect(await exchange(socket, 'AUTHENTICATE "PLAIN" "AGFkYQBzZWNyZXQ="\r\n', /^(OK|NO|BYE)/m)).toMatch(/^NO/m);
    socket.destroy();
  });

  it("pages send HSTS behind a TLS proxy, and the portal's cookies are for https only", async () => {
    const page = await fetch(`${server.baseUrl}/sign-in`, { headers: { "x-forwarded-proto": "https" } });
    expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    const csrf = await fetch(`${server.baseUrl}/api/auth/csrf`, { headers: { "x-forwarded-proto": "https" } });
    const cookies = csrf.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__(Host|Secure)-/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
    }
  });
});
