// Each recipient's fate on the message page, wide and on a 390 px phone: a
// message to two recipients, then delivery reports (as Postfix writes them)
// mailed to each recipient's return path through the service's MX: a success
// report for the first (delivered, with the receiving server and its reply),
// a delay report for the second (deferred, with the reply). Each recipient's
// status badge, server, last reply, TLS and own timeline are on the page.
import { createHmac, hkdfSync } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { inboundFixture } from "../tests/support/inbound-fixtures";
import { newAccount, signInThroughApi, signUpThroughPortal } from "./support/accounts";
import { arrangeSentMessage } from "./support/sending-data";
import { expect, test } from "./support/test";

const [delivered, deferred] = ["a-rather-long-recipient-address@customers.example.com", "second@example.com"];

/** A recipient's return-path token, made with the e2e server's AUTH_SECRET as the service makes it (docs/bounces.md). */
function returnPath(messageId: string, recipient: string, domain: string): string {
  const secrets = JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, "secrets.json"), "utf8")) as { authSecret: string };
  const key = Buffer.from(hkdfSync("sha256", secrets.authSecret, "customer-email-service", "verp-return-path", 32));
  const mac = createHmac("sha256", key).update(`${messageId}\n${recipient}`).digest("hex").slice(0, 20);
  return `${messageId}-${mac}@ces-bounces.${domain}`;
}

async function mailReport(fixture: string, verp: string, recipient: string) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: Number(process.env.E2E_MX_PORT),
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({ envelope: { from: "", to: [verp] }, raw: inboundFixture(fixture, { verp, recipient }) });
  } finally {
    transport.close();
  }
}

for (const screen of [
  { name: "wide", viewport: { width: 1280, height: 900 } },
  { name: "390 px", viewport: { width: 390, height: 844 } },
]) {
  test(`the message page shows each recipient's status, server, reply, TLS and timeline (${screen.name})`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(screen.viewport);
    const account = newAccount("recipients");
    await signUpThroughPortal(page.context().request, account);
    const { domain, messageId } = await arrangeSentMessage(page.request, account);
    const authorization = `Bearer ${await signInThroughApi(page.request, account)}`;
    const statusOf = async () =>
      (
        (await (await page.request.get(`/api/v1/sending/messages/${messageId}`, { headers: { authorization } })).json()) as {
          data: { status: string };
        }
      ).data.status;
    await expect.poll(statusOf, { timeout: 30_000 }).toBe("sent");

    // The MX answers 250 once a report is recorded: both are in before the page loads.
    await mailReport("postfix-success", returnPath(messageId, delivered, domain), delivered);
    await mailReport("postfix-delay-warning", returnPath(messageId, deferred, domain), deferred);

    await page.goto(`/messages/${messageId}`);
    const recipients = page.getByRole("list", { name: "Recipients" });
    const first = recipients.getByRole("listitem", { name: delivered });
    const second = recipients.getByRole("listitem", { name: deferred });
    // The badge (the timeline below names the event too).
    await expect(first.getByText("Delivered", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await expect(first).toContainText("mx.example.org");
    await expect(first).toContainText("250 OK: message queued");
    await expect(first).toContainText("Not reported"); // TLS: delivery reports do not say
    await expect(first.getByRole("list", { name: `Timeline of ${delivered}` }).getByRole("listitem")).toHaveText([
      /^Handed off/,
      /^Delivered/,
    ]);
    await expect(second.getByText("Deferred", { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(second).toContainText("451 4.3.0 Greylisted, come back soon");
    await expect(second.getByRole("list", { name: `Timeline of ${deferred}` }).getByRole("listitem")).toHaveText([
      /^Handed off/,
      /^Delayed/,
    ]);
    // Nothing runs past the right edge of a phone.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(screen.viewport.width);
  });
}
