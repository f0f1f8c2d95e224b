// The webmail's Unsubscribe button: list mail that arrived through the MX
// with a one-click List-Unsubscribe link (a local HTTPS endpoint, with the
// certificate the e2e server trusts) gets a button; after the reader
// confirms, the service posts RFC 8058's request and says it did. On a wide
// screen and on a 390 px phone.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { selfSignedCertificate } from "../tests/support/self-signed-certificate";
import { newAccount, signUpThroughPortal } from "./support/accounts";
import { arrangeMailbox, sendThroughMx } from "./support/hosted-mailbox";
import { expectNoSidewaysScroll, wideAndPhone } from "./support/screens";
import { expect, test } from "./support/test";

let endpoint: Server;
let port = 0;
const posted: { path: string; body: string }[] = [];

test.beforeAll(async () => {
  const certificate = selfSignedCertificate(process.env.E2E_RELAY_TLS_DIR!);
  endpoint = createServer({ key: readFileSync(certificate.keyFile), cert: readFileSync(certificate.certFile) }, (request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      posted.push({ path: request.url ?? "", body });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", () => resolve()));
  port = (endpoint.address() as AddressInfo).port;
});

test.afterAll(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));

for (const [screen, viewport] of wideAndPhone) {
  test(`unsubscribes from list mail with one click, on a ${screen}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const account = newAccount("unsub");
    await signUpThroughPortal(page.context().request, account);
    const { mailboxId, address } = await arrangeMailbox(page.request, account);
    const path = `/leave/${screen.replaceAll(" ", "-")}`;
    const subject = "This week at Acme";
    await sendThroughMx({
      to: address,
      subject,
      text: "News from Acme.",
      headers: { "List-Unsubscribe": `<https://localhost:${port}${path}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });

    await page.goto(`/mailboxes/${mailboxId}/inbox`);
    await page.getByRole("list", { name: "Messages" }).getByRole("listitem").filter({ hasText: subject }).getByRole("button").click();
    const message = page.getByRole("article", { name: subject });
    await expect(message.getByText("This is list mail.")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await message.getByRole("button", { name: "Unsubscribe" }).click();
    const dialog = page.getByRole("dialog", { name: "Unsubscribe from this list?" });
    await expect(dialog).toContainText(`We tell localhost:${port} that you no longer want mail`);
    await dialog.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(message.getByRole("status")).toHaveText(`Unsubscribed: localhost:${port} was told to stop sending this list to you.`);
    expect(posted).toContainEqual({ path, body: "List-Unsubscribe=One-Click" });
  });
}
