// Opening a message in the portal sends no read receipt (docs/security.md,
// "Message HTML"): a received message (through the MX, read in the inbox) and
// a sent one (through the API, on its page) whose HTML tries every way to make
// the browser fetch a URL by itself. A local HTTP server stands in for the
// tracker and counts what reaches it. (Remote images are not part of it: the
// page's content policy blocks them, as before, and this spec's guard would
// report that block as a CSP violation.)
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { newAccount, signUpThroughPortal } from "./support/accounts";
import { arrangeMailbox, sendThroughMx } from "./support/hosted-mailbox";
import { arrangeSentMessage } from "./support/sending-data";
import { expect, test } from "./support/test";

const receiptHtml = (tracker: string) => `<!doctype html><html><head>
<meta http-equiv="refresh" content="1;url=${tracker}/refresh">
<link rel="prefetch" href="${tracker}/prefetch">
<link rel="modulepreload" href="${tracker}/modulepreload.js">
<link rel="preload" as="script" href="${tracker}/preload.js">
<link rel="stylesheet" href="${tracker}/stylesheet.css">
</head><body>
<h1>Hello reader</h1>
<iframe src="${tracker}/frame"></iframe>
<video poster="${tracker}/poster.gif"></video>
</body></html>`;

test("opening a received or a sent message fetches nothing its HTML points at", async ({ page }) => {
  test.setTimeout(180_000);
  const hits: string[] = [];
  const tracker = http.createServer((request, response) => {
    hits.push(request.url ?? "");
    response.writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*" });
    response.end("");
  });
  await new Promise<void>((resolve) => tracker.listen(0, "127.0.0.1", () => resolve()));
  try {
    const html = receiptHtml(`http://127.0.0.1:${(tracker.address() as AddressInfo).port}`);
    const account = newAccount("receipts");
    await signUpThroughPortal(page.context().request, account);
    const { address, mailboxId } = await arrangeMailbox(page.request, account);
    const subject = `Tracked ${randomBytes(3).toString("hex")}`;
    await sendThroughMx({ to: address, subject, text: "Plain words.", html });
    const { messageId } = await arrangeSentMessage(page.request, account, { html });
    const body = () => page.frameLocator('iframe[title="Message body (HTML)"]').getByRole("heading", { name: "Hello reader" });

    await page.goto(`/mailboxes/${mailboxId}/inbox`);
    await page.getByRole("list", { name: "Messages" }).getByRole("listitem").first().getByRole("button").click();
    await expect(body()).toBeVisible();
    // Long enough for a prefetch, a preload and the one-second refresh to go out.
    await page.waitForTimeout(2_500);

    await page.goto(`/messages/${messageId}`);
    await expect(body()).toBeVisible();
    await page.waitForTimeout(2_500);
    expect(hits).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => tracker.close(() => resolve()));
  }
});
