// The launcher's child Dovecot on a server of its own (embedded database, so
// both database paths run Dovecot): killed, it is restarted; meanwhile LMTP
// delivery answers 451 4.3.0 and reading answers 503 mail_storage_offline;
// stopping the app stops it.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAlive } from "@/server/engines/process-checks";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { dovecotLayout } from "@/server/mail-store/dovecot/dovecot-config";
import { mailStateRoot } from "@/server/mail-store/dovecot/traversable-path";
import { deliverToMailboxes } from "@/server/mail-store/lmtp/deliver-to-mailboxes";
import { strongPassword, uniqueEmail } from "../support/factories";
import { rawMessage, storedDomainWithMailbox } from "../support/hosted-mailboxes";
import { startTestServer, type TestServer } from "../support/test-server";
import { until } from "../support/poll";

let server: TestServer;
let lmtpPort: number;
let database: pg.Client;

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

// Under DATA_DIR, or under /var/lib when this checkout's path is closed to Dovecot's users (docs/mail-storage.md).
const masterPidFile = () => path.join(dovecotLayout(mailStateRoot(server.dataDir).root).baseDir, "master.pid");
const masterPid = () => Number(readFileSync(masterPidFile(), "utf8").trim());
/** The master's pid once it has written one (a restarted master writes it a moment after its listeners answer). */
const writtenMasterPid = () => (existsSync(masterPidFile()) ? masterPid() : undefined);
beforeAll(async () => {
  lmtpPort = await freeLoopbackPort();
  server = await startTestServer({
    label: "dovecot-supervision",
    env: { DOVECOT: "auto", IMAP_PORT: String(await freeLoopbackPort()), POP3_PORT: "0", LMTP_PORT: String(lmtpPort) },
  });
  expect(await until(() => accepts(lmtpPort), 15_000)).toBe(true);
  // This process's own settings (deliverToMailboxes reads them), set after the server took its environment.
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ces-dovecot-supervision-"));
  process.env.LOG_LEVEL = "silent";
  database = new pg.Client({ connectionString: readFileSync(path.join(server.dataDir, "embedded-database.url"), "utf8").trim() });
  await database.connect();
}, 120_000);

afterAll(async () => {
  await database?.end().catch(() => {});
  await server?.stop();
});

describe("the child Dovecot", () => {
  it("is restarted when it dies; meanwhile mail is deferred (451) and reading is 503; stopping the app stops it", async () => {
    const email = uniqueEmail();
    const registered = await fetch(`${server.baseUrl}/api/v1/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: strongPassword() }),
    }).then((response) => response.json() as Promise<{ data: { accessToken: string; user: { id: string } } }>);
    const accountId = registered.data.user.id;
    const address = "ada@supervised.example";
    const { mailboxId } = await storedDomainWithMailbox((text, values) => database.query(text, values), accountId, {
      address,
      password: strongPassword(),
    });
    const lmtpUrl = `lmtp://127.0.0.1:${lmtpPort}`;
    const inbox = () =>
      fetch(`${server.baseUrl}/api/v1/mailboxes/${mailboxId}/messages`, {
        headers: { authorization: `Bearer ${registered.data.accessToken}` },
      });

    expect((await deliverToMailboxes(rawMessage(address, "Before"), [address], { lmtpUrl }))[0]!.delivered).toBe(true);
    expect((await inbox()).status).toBe(200);

    const first = masterPid();
    process.kill(first, "SIGKILL");
    expect(await until(async () => !(await accepts(lmtpPort)), 5_000)).toBe(true);
    const [deferred] = await deliverToMailboxes(rawMessage(address, "During"), [address], { lmtpUrl });
    expect(deferred).toMatchObject({ delivered: false, refusal: "temporaryFailure" });
    const readiness = async () =>
      ((await (await fetch(`${server.baseUrl}/api/v1/health/ready`)).json()) as { data: { mailStorage: string } }).data.mailStorage;
    expect(await readiness()).toBe("offline");
    // The portal's Mailboxes page and dashboard read why from the APIs they already call.
    const storage = async () => {
      const headers = { authorization: `Bearer ${registered.data.accessToken}` };
      const settings = (await (await fetch(`${server.baseUrl}/api/v1/mailboxes/client-settings`, { headers })).json()) as {
        data: { storage: unknown };
      };
      const overview = (await (await fetch(`${server.baseUrl}/api/v1/dashboard/overview`, { headers })).json()) as {
        data: { mailStorage: unknown };
      };
      expect(overview.data.mailStorage).toEqual(settings.data.storage);
      return settings.data.storage;
    };
    expect(await storage()).toEqual({ status: "offline", reason: "Dovecot, the mail storage, stopped; it is being restarted." });
    const offline = await inbox();
    expect(offline.status).toBe(503);
    expect(((await offline.json()) as { data: { code: string } }).data.code).toBe("mail_storage_offline");

    expect(await until(() => accepts(lmtpPort), 20_000)).toBe(true);
    // Its master writes its pid file a moment after its listeners answer.
    expect(await until(() => ![undefined, first].includes(writtenMasterPid()), 10_000)).toBe(true);
    expect(await until(async () => (await readiness()) === "online", 5_000)).toBe(true);
    expect(await storage()).toEqual({ status: "online", reason: null });
    expect((await deliverToMailboxes(rawMessage(address, "After"), [address], { lmtpUrl }))[0]!.delivered).toBe(true);
    const listed = (await (await inbox()).json()) as { data: { items: { subject: string }[] } };
    expect(listed.data.items.map((item) => item.subject)).toEqual(["After", "Before"]);
    expect(readFileSync(server.logFile, "utf8")).toContain("dovecot exited");

    const second = masterPid();
    await database.end();
    await server.stop();
    expect(await server.exited).toBe(0);
    expect(isAlive(second)).toBe(false);
  }, 90_000);
});
