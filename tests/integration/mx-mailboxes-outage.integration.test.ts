// The MX while the mail storage is down, on a server of its own (embedded
// database; killing the shared server's Dovecot would disturb other files):
// Dovecot killed → a mailbox recipient is answered 451 4.3.0 at RCPT, so the
// sender keeps the message; Dovecot back → the sender's retry arrives.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ImapFlow } from "imapflow";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Env } from "@/server/config/env";
import { dovecotLayout } from "@/server/mail-store/dovecot/dovecot-config";
import { canConnect } from "@/server/engines/process-checks";
import { readMailStoreStatus } from "@/server/mail-store/dovecot/mail-store-status";
import { mailStateRoot } from "@/server/mail-store/dovecot/traversable-path";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { strongPassword, uniqueEmail } from "../support/factories";
import { rawMessage, storedDomainWithMailbox } from "../support/hosted-mailboxes";
import { inbox, mxTransaction, short } from "../support/mx-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { until } from "../support/poll";

let server: TestServer;
let database: pg.Client;
const ports = { mx: 0, imap: 0, lmtp: 0 };
const address = "ada@outage.example";
const password = strongPassword();

/** What the launcher reports (DATA_DIR/mail-store.status, read as the web workers read it). */
const status = () => readMailStoreStatus({ dataDir: server.dataDir, mailStore: { mode: "auto" } as Env["mailStore"] });
/** Dovecot's base_dir: under DATA_DIR, or under /var/lib when this checkout's path is closed to Dovecot's users. */
const masterPidFile = () => path.join(dovecotLayout(mailStateRoot(server.dataDir).root).baseDir, "master.pid");

beforeAll(async () => {
  Object.assign(ports, { mx: await freeLoopbackPort(), imap: await freeLoopbackPort(), lmtp: await freeLoopbackPort() });
  server = await startTestServer({
    label: "mx-outage",
    env: { MX_PORT: String(ports.mx), DOVECOT: "auto", IMAP_PORT: String(ports.imap), POP3_PORT: "0", LMTP_PORT: String(ports.lmtp) },
  });
  expect(await until(() => status() === "online", 15_000)).toBe(true);
  database = new pg.Client({ connectionString: readFileSync(path.join(server.dataDir, "embedded-database.url"), "utf8").trim() });
  await database.connect();
  const registered = await fetch(`${server.baseUrl}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: uniqueEmail(), password: strongPassword() }),
  }).then((response) => response.json() as Promise<{ data: { user: { id: string } } }>);
  const accountId = registered.data.user.id;
  await storedDomainWithMailbox((text, values) => database.query(text, values), accountId, { address, password });
}, 120_000);

afterAll(async () => {
  await database?.end().catch(() => {});
  await server?.stop();
});

describe("the MX while Dovecot is down", () => {
  it("answers 451 4.3.0 (at DATA when it went down meanwhile, else at RCPT); once Dovecot is back, the retry arrives once", async () => {
    const unknown = await mxTransaction(ports.mx, "sender@example.org", ["nobody@outage.example"], rawMessage("x", "x"));
    expect(unknown.rcpt.map(short)).toEqual(["550 5.1.1"]);
    const message = rawMessage(address, "Sent during the outage");

    const killDovecot = async () => {
      process.kill(Number(readFileSync(masterPidFile(), "utf8").trim()), "SIGKILL");
      // The launcher notices at once and restarts it a second later.
      expect(await until(() => status() === "offline", 5_000)).toBe(true);
    };
    // Accepted at RCPT, then the storage goes away before DATA: the whole message is deferred.
    const midway = await mxTransaction(ports.mx, "sender@example.org", [address], message, { beforeData: killDovecot });
    expect([...midway.rcpt.map(short), short(midway.data)]).toEqual(["250 Accepted", "451 4.3.0"]);
    // While it is down, mailbox recipients are deferred at RCPT already.
    const deferred = await mxTransaction(ports.mx, "sender@example.org", [address], message);
    expect(deferred.rcpt.map(short)).toEqual(["451 4.3.0"]);
    expect(deferred.data).toBeNull();

    expect(await until(() => status() === "online", 20_000)).toBe(true);
    expect(await canConnect("127.0.0.1", ports.lmtp)).toBe(true);
    const retried = await mxTransaction(ports.mx, "sender@example.org", [address], message);
    expect([...retried.rcpt.map(short), short(retried.data)]).toEqual(["250 Accepted", "250 2.0.0"]);
    const client = new ImapFlow({
      host: "127.0.0.1",
      port: ports.imap,
      secure: false,
      doSTARTTLS: true,
      tls: { rejectUnauthorized: false },
      auth: { user: address, pass: password },
      logger: false,
    });
    client.on("error", () => {});
    expect((await inbox(client)).map((found) => found.subject)).toEqual(["Sent during the outage"]);
  }, 90_000);
});
