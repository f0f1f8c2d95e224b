// A received message's HTML as the API serves it to the portal's inbox
// (docs/security.md, "Message HTML"): whatever could make the reader's
// browser fetch a URL by itself (a read receipt) is gone; formatting stays.
// The message arrives over LMTP into the real Dovecot and is read back
// through the API.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import MailComposer from "nodemailer/lib/mail-composer";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { deliverToMailboxes } from "@/server/mail-store/lmtp/deliver-to-mailboxes";
import { getMailboxMessage, listMailboxMessages } from "@/shared/api/endpoints/mailbox-messages";
import { call } from "../support/api-client";
import { createAccount, type TestAccount } from "../support/factories";
import { newMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { verifiedDomain } from "../support/domains";

const tracker = "http://tracker.example/receipt";

/** An HTML body that tries every way we know to fetch a URL as soon as it is shown. */
const readReceiptHtml = `<!doctype html><html><head>
<title>Receipt tricks</title>
<meta http-equiv="refresh" content="0;url=${tracker}/refresh">
<link rel="prefetch" href="${tracker}/prefetch">
<link rel="modulepreload" href="${tracker}/modulepreload">
<link rel="preload" as="image" href="${tracker}/preload">
<link rel="dns-prefetch" href="//dns.tracker.example">
<link rel="stylesheet" href="${tracker}/stylesheet">
<base href="${tracker}/base/">
<style>p.lead { color: #123456; }</style>
</head><body>
<p class="lead" style="font-weight: bold">Hello <b>reader</b>, <a href="https://example.org/page" ping="${tracker}/ping">a link</a>.</p>
<table width="100%" background="${tracker}/table"><tr><td align="center">cell</td></tr></table>
<img src="${tracker}/pixel.gif" srcset="${tracker}/srcset.gif 2x" alt="logo">
<picture><source srcset="${tracker}/source.gif"></picture>
<video poster="${tracker}/poster.gif"></video><audio src="${tracker}/audio"></audio>
<svg><image href="${tracker}/svg.gif"></image></svg>
<iframe src="${tracker}/frame"></iframe><object data="${tracker}/object"></object><embed src="${tracker}/embed">
<form action="${tracker}/form"><input type="image" src="${tracker}/input.gif"></form>
<script src="${tracker}/script.js"></script>
</body></html>`;

let account: TestAccount;
let mailbox: TestMailbox;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ces-mail-html-"));
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  const domain = await verifiedDomain(account, "html");
  mailbox = await newMailbox(account, domain);
  const raw = await new MailComposer({
    from: "Sender <sender@example.org>",
    to: mailbox.address,
    subject: "Read receipt tricks",
    text: "Plain words.",
    html: readReceiptHtml,
  })
    .compile()
    .build();
  const [outcome] = await deliverToMailboxes(raw, [mailbox.address], { lmtpUrl: `lmtp://127.0.0.1:${inject("mailStore").lmtpPort}` });
  expect(outcome!.delivered).toBe(true);
});

describe("a received message's HTML through the API", () => {
  it("keeps formatting and drops everything that fetches a URL by itself", async () => {
    const token = account.accessToken;
    const listed = await call(listMailboxMessages, { token, params: { mailbox_id: mailbox.id } });
    const read = await call(getMailboxMessage, { token, params: { mailbox_id: mailbox.id, message_id: listed.body.data.items[0]!.id } });
    expect(read.status).toBe(200);
    const html = read.body.data.html!;
    expect(html).toContain("<b>reader</b>");
    expect(html).toContain('<p class="lead" style="font-weight:bold">');
    expect(html).toContain("p.lead { color: #123456; }");
    expect(html).toContain('<a href="https://example.org/page">a link</a>');
    expect(html).toContain('<td align="center">cell</td>');
    // The remote image stays in the markup; the portal's content policy keeps it from loading (as before).
    expect(html).toContain(`<img src="${tracker}/pixel.gif" alt="logo" />`);
    const fetched = [...html.matchAll(/tracker\.example\/receipt\/([a-z.]+)/g)].map((match) => match[1]);
    expect(fetched).toEqual(["pixel.gif"]);
    expect(html).not.toMatch(/<(link|meta|base|script|iframe|object|embed|form|input|svg|video|audio|source|picture|title)\b/i);
    expect(html).not.toContain("dns.tracker.example");
    expect(html).not.toContain("Receipt tricks");
  });
});
