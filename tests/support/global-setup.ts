// Integration tests share one real server per run, on a fresh database:
// a throwaway PostgreSQL database when DATABASE_URL is set, else embedded PGlite.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type FakePaymentProviders, paymentProviderEnv, startFakePaymentProviders } from "./fake-payment-providers";
import { type DnsServer, startDnsServer } from "./dns-server";
import { type RelayLab, type RelayLabInfo, startRelayLab } from "./relay-smtp-servers";
import { selfSignedCertificate } from "./self-signed-certificate";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { type FakeProviders, startFakeProviders } from "./providers/start-providers";
import { startSmtpCapture, type SmtpCapture } from "./smtp-capture";
import { startTestRspamd, TEST_SPAM_LESSONS_PER_ACCOUNT, type TestRspamd } from "./rspamd";
import { TEST_INVITATIONS_PER_ACCOUNT } from "./invitation-limit";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { startTestServer, type TestServer } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's database, for tests that must look at what is stored. */
    databaseUrl: string;
    serverLogFile: string;
    serverDataDir: string;
    /** Where the SMTP capture server stores what the app sends. */
    mailboxDir: string;
    /** The local stand-in for Stripe's and Paystack's APIs (tests/support/fake-payment-providers.ts). */
    fakePaymentProvidersUrl: string;
    /** The loopback DNS server the app resolves through (DNS_SERVERS), and its control API. */
    dnsServer: string;
    dnsControlUrl: string;
    /** The SMTP servers relay tests connect to (tests/support/relay-smtp-servers.ts). */
    relayLab: RelayLabInfo;
    /** The certificate (localhost, 127.0.0.1) the app trusts for relays and one-click links (RELAY_EXTRA_CA_FILE). */
    trustedCertificate: { keyFile: string; certFile: string };
    /** The app's APP_URL (localhost), where browsers start provider sign-ins. */
    appUrl: string;
    /** The app's SMTP submission ports on 127.0.0.1 (STARTTLS and implicit TLS). */
    submission: { port: number; securePort: number };
    /** The app's inbound SMTP (MX) port on 127.0.0.1. */
    mxPort: number;
    /** The app's child Dovecot on 127.0.0.1 (IMAP and POP3 with STARTTLS, LMTP). */
    /** The shared rspamd the app's MX asks (RSPAMD=external through a relay), and the relay's control (cut/restore). */
    spamFilter: { url: string; controlUrl: string; controller: { url: string; password: string } };
    mailStore: { imapPort: number; pop3Port: number; lmtpPort: number; managesievePort: number };
  }
}

let server: TestServer | undefined;
let database: TestDatabase | undefined;
let smtp: SmtpCapture | undefined;
let paymentProviders: FakePaymentProviders | undefined;
let dns: DnsServer | undefined;
let relayLab: RelayLab | undefined;
let providers: FakeProviders | undefined;
let rspamd: TestRspamd | undefined;

/**
 * The shared rspamd's Bayes statistics: the machine's Redis (REDIS_URL, else 127.0.0.1:6379), in a database
 * number of its own per run (1-15 by process id), so runs side by side seldom share counters; the learning
 * tests send messages no other run sends and compare counters before and after.
 */
function learningRedis() {
  const url = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  return { server: `${url.hostname}:${url.port || "6379"}`, db: 1 + (process.pid % 15), password: url.password || null };
}

export async function setup(project: TestProject) {
  const baseDatabaseUrl = process.env.DATABASE_URL;
  if (baseDatabaseUrl) database = await createTestDatabase(baseDatabaseUrl, "it");
  const mailboxDir = path.resolve(".test-data", `mailbox-${Date.now().toString(36)}`);
  smtp = await startSmtpCapture(mailboxDir);
  paymentProviders = await startFakePaymentProviders();
  dns = await startDnsServer();
  const relayTlsDir = path.resolve(".test-data", `relay-tls-${Date.now().toString(36)}`);
  const relayCertificate = selfSignedCertificate(relayTlsDir);
  relayLab = await startRelayLab(relayCertificate, selfSignedCertificate(path.join(relayTlsDir, "untrusted")));
  // The identity providers must know the app's callback URLs (on APP_URL, http://localhost:PORT) first.
  const port = await freeLoopbackPort();
  const submission = { port: await freeLoopbackPort(), securePort: await freeLoopbackPort() };
  const mxPort = await freeLoopbackPort();
  // One directory per worktree: its compiled-rules cache makes later runs load faster.
  rspamd = await startTestRspamd(path.resolve(".test-data", "rspamd"), [dns.address], learningRedis());
  const mailStore = {
    imapPort: await freeLoopbackPort(),
    pop3Port: await freeLoopbackPort(),
    lmtpPort: await freeLoopbackPort(),
    managesievePort: await freeLoopbackPort(),
  };
  const appUrl = `http://localhost:${port}`;
  providers = await startFakeProviders(appUrl);
  // Loopback is a trusted proxy here, so each test can play a client address of its own.
  // The relay servers live on loopback with a self-signed certificate, and a
  // short relay test limit keeps the timeout case quick.
  server = await startTestServer({
    label: "integration",
    databaseUrl: database?.url,
    port,
    env: {
      TRUSTED_PROXIES: "127.0.0.1,::1",
      EMAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      DNS_SERVERS: dns.address,
      ...paymentProviderEnv(paymentProviders.url),
      RELAY_ALLOW_PRIVATE_HOSTS: "true",
      RELAY_EXTRA_CA_FILE: relayCertificate.certFile,
      RELAY_TEST_TIMEOUT_MS: "3000",
      SUBMISSION_PORT: String(submission.port),
      SUBMISSIONS_PORT: String(submission.securePort),
      MX_PORT: String(mxPort),
      DOVECOT: "auto",
      IMAP_PORT: String(mailStore.imapPort),
      POP3_PORT: String(mailStore.pop3Port),
      LMTP_PORT: String(mailStore.lmtpPort),
      RSPAMD: "external",
      RSPAMD_URL: rspamd.url,
      RSPAMD_CONTROLLER_URL: rspamd.controller.url,
      RSPAMD_CONTROLLER_PASSWORD: rspamd.controller.password,
      MANAGESIEVE_PORT: String(mailStore.managesievePort),
      RATE_LIMIT_OVERRIDES: `spamLessonsPerAccount=${TEST_SPAM_LESSONS_PER_ACCOUNT}/3600,invitationsPerAccount=${TEST_INVITATIONS_PER_ACCOUNT}/3600`,
      ...providers.env,
    },
  });
  // After the app is up, so its load (CPU-heavy for ~15-30 s) does not slow the app's start; the spam tests wait for it.
  rspamd.launch();
  project.provide("relayLab", { username: relayLab.username, password: relayLab.password, ports: relayLab.ports });
  project.provide("trustedCertificate", relayCertificate);
  project.provide("appUrl", appUrl);
  project.provide("submission", submission);
  project.provide("mxPort", mxPort);
  project.provide("mailStore", mailStore);
  project.provide("spamFilter", { url: rspamd.url, controlUrl: rspamd.controlUrl, controller: rspamd.controller });
  project.provide("mailboxDir", mailboxDir);
  project.provide("fakePaymentProvidersUrl", paymentProviders.url);
  project.provide("dnsServer", dns.address);
  project.provide("dnsControlUrl", dns.controlUrl);
  project.provide("baseUrl", server.baseUrl);
  const embeddedUrl = () => readFileSync(path.join(server!.dataDir, "embedded-database.url"), "utf8").trim();
  project.provide("databaseUrl", database?.url ?? embeddedUrl());
  project.provide("serverLogFile", server.logFile);
  project.provide("serverDataDir", server.dataDir);
}

export async function teardown() {
  await server?.stop();
  await smtp?.stop();
  await paymentProviders?.stop();
  await dns?.stop();
  await relayLab?.stop();
  await providers?.stop();
  await rspamd?.stop();
  await database?.drop();
}
