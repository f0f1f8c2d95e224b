// The portal says when the mail storage is offline, and why: on a server of
// its own (embedded database) whose Dovecot cannot come back (once it runs,
// it is killed and its LMTP port taken before the restart, which `npm start`
// would refuse up front), the dashboard and the Mailboxes page show the
// warning with the reason the API gives. Not the shared e2e server: its
// Dovecot must stay up. Plain Playwright `test`: the page guard of
// ./support/test watches the shared server's origin, and this spec's pages
// are on another one.
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { dovecotLayout } from "@/server/mail-store/dovecot/dovecot-config";
import { mailStateRoot } from "@/server/mail-store/dovecot/traversable-path";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { newAccount } from "./support/accounts";

let server: TestServer;
let blocker: net.Server;
let appUrl: string;

/** Listens on the port as soon as it is free (Dovecot's processes are going), before the supervisor restarts it. */
async function takePort(port: number): Promise<net.Server> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const holder = net.createServer((socket) => socket.destroy());
    const taken = await new Promise<boolean>((resolve) => {
      holder.once("error", () => resolve(false));
      holder.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (taken) return holder;
    if (Date.now() > deadline) throw new Error(`port ${port} stayed busy`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const lmtpPort = await freeLoopbackPort();
  const port = await freeLoopbackPort();
  appUrl = `http://localhost:${port}`;
  server = await startTestServer({
    label: "e2e-mail-storage-offline",
    port,
    env: { DOVECOT: "auto", IMAP_PORT: "0", POP3_PORT: "0", LMTP_PORT: String(lmtpPort), LOG_LEVEL: "warn" },
  });
  const pidFile = path.join(dovecotLayout(mailStateRoot(server.dataDir).root).baseDir, "master.pid");
  process.kill(Number(readFileSync(pidFile, "utf8").trim()), "SIGKILL");
  blocker = await takePort(lmtpPort);
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => blocker?.close(resolve));
});

test("the dashboard and the Mailboxes page say the mail storage is offline, with the reason", async ({ page }) => {
  test.setTimeout(90_000);
  const account = newAccount("storage");
  await page.goto(`${appUrl}/sign-up`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  const dashboardNotice = page.getByRole("status").filter({ hasText: "Mail storage is offline" });
  await expect(dashboardNotice).toBeVisible({ timeout: 15_000 });
  await expect(dashboardNotice).toContainText(/Dovecot, the mail storage, (stopped; it is being restarted|is down)/);

  await page.goto(`${appUrl}/mailboxes`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mailboxes");
  const notice = page.getByRole("status").filter({ hasText: "Mail storage is offline" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Dovecot, the mail storage,");
  await expect(notice).toContainText("Incoming mail is not lost");
});
