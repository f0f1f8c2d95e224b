// Reading a mailbox through the API (the portal's inbox): the service logs in
// to Dovecot as its master user; the mail was delivered over LMTP first.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { deliverToMailboxes } from "@/server/mail-store/lmtp/deliver-to-mailboxes";
import { deleteMailboxMessage, getMailboxMessage, listMailboxMessages } from "@/shared/api/endpoints/mailbox-messages";
import { call } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, type TestAccount } from "../support/factories";
import { newMailbox, imapClient, type TestMailbox } from "../support/hosted-mailboxes";
import { verifiedDomain } from "../support/domains";
import { mxTransaction } from "../support/mx-client";

let account: TestAccount;
let mailbox: TestMailbox;
let hostname: string;

async function deliverComposed(subject: string): Promise<void> {
  const raw = await new MailComposer({
    from: "Sender <sender@example.org>",
    to: mailbox.address,
    subject,
    text: "Plain words.",
    html: '<p>Rich <b>words</b><script>alert("x")</script></p>',
    attachments: [{ filename: "notes.txt", content: "attached text" }],
    headers: {
      // Another host's results on top of ours: the reader shows only ours, whatever the order.
      "Authentication-Results": [
        "mail.example.test; spf=pass smtp.mailfrom=example.org; dkim=pass; dmarc=pass header.from=example.org",
        `${hostname}; spf=pass smtp.mailfrom=example.org; dkim=none; dmarc=fail header.from=example.org`,
      ],
    },
  })
    .compile()
    .build();
  const [outcome] = await deliverToMailboxes(raw, [mailbox.address], { lmtpUrl: `lmtp://127.0.0.1:${inject("mailStore").lmtpPort}` });
  expect(outcome!.delivered).toBe(true);
}

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ces-mail-reading-"));
  process.env.LOG_LEVEL = "silent";
  // The MX greets with MAIL_HOSTNAME, the name our Authentication-Results carry.
  hostname = (await mxTransaction(inject("mxPort"), "sender@example.org", [], Buffer.alloc(0))).greeting.split(" ")[0]!;
  account = await createAccount();
  const domain = await verifiedDomain(account, "inbox");
  mailbox = await newMailbox(account, domain);
  await deliverComposed("Older message");
  await deliverComposed("Newer message");
});

describe("a mailbox's messages through the API", () => {
  it("lists newest first, reads one (marking it seen) and deletes it", async () => {
    const token = account.accessToken;
    const listed = await call(listMailboxMessages, { token, params: { mailbox_id: mailbox.id }, query: { limit: 1 } });
    expect(listed.status).toBe(200);
    expect(listed.body.data.pagination).toMatchObject({ total: 2, totalPages: 2 });
    const [newest] = listed.body.data.items;
    expect(newest).toMatchObject({ subject: "Newer message", from: "Sender <sender@example.org>", to: [mailbox.address], seen: false });
    const second = await call(listMailboxMessages, { token, params: { mailbox_id: mailbox.id }, query: { page: 2, limit: 1 } });
    expect(second.body.data.items.map((item) => item.subject)).toEqual(["Older message"]);

    const read = await call(getMailboxMessage, { token, params: { mailbox_id: mailbox.id, message_id: newest!.id } });
    expect(read.status).toBe(200);
    const message = read.body.data;
    expect(message.text?.trim()).toBe("Plain words.");
    expect(message.html).toContain("<b>words</b>");
    expect(message.attachments).toEqual([expect.objectContaining({ filename: "notes.txt", contentType: "text/plain" })]);
    expect(Buffer.from(message.attachments[0]!.content, "base64").toString()).toBe("attached text");
    expect(message.authenticationResults).toMatchObject({ spf: "pass", dkim: "none", dmarc: "fail" });
    expect(message.authenticationResults?.header).toMatch(new RegExp(`^${hostname};`));
    expect(message.headers).toContainEqual({ name: "Subject", value: "Newer message" });
    const again = await call(listMailboxMessages, { token, params: { mailbox_id: mailbox.id } });
    expect(again.body.data.items[0]!.seen).toBe(true);

    // Deleting moves it to Trash (same id); deleting it there removes it for good.
    const deleted = await call(deleteMailboxMessage, { token, params: { mailbox_id: mailbox.id, message_id: newest!.id } });
    expect(deleted.status).toBe(200);
    const trashed = await call(getMailboxMessage, { token, params: { mailbox_id: mailbox.id, message_id: newest!.id } });
    expect(trashed.body.data).toMatchObject({ folder: "Trash", subject: "Newer message" });
    const purged = await call(deleteMailboxMessage, { token, params: { mailbox_id: mailbox.id, message_id: newest!.id } });
    expect(purged.status).toBe(200);
    const gone = await call(getMailboxMessage, { token, params: { mailbox_id: mailbox.id, message_id: newest!.id } });
    expect(gone.status).toBe(404);
    const left = await call(listMailboxMessages, { token, params: { mailbox_id: mailbox.id } });
    expect(left.body.data.items.map((item) => item.subject)).toEqual(["Older message"]);

    // What a mail client sees agrees.
    const client = imapClient(mailbox.address, mailbox.password);
    await client.connect();
    const lock = await client.getMailboxLock("INBOX");
    const messages = await client.fetchAll("1:*", { source: true }).finally(() => lock.release());
    await client.logout();
    expect(messages).toHaveLength(1);
    expect((await simpleParser(messages[0]!.source!)).subject).toBe("Older message");
  });

  it("refuses without a session, and answers 404 for another account's mailbox or an unknown message", async () => {
    const anonymous = await call(listMailboxMessages, { params: { mailbox_id: mailbox.id } });
    expect(anonymous.status).toBe(401);
    const stranger = await createAccount();
    const foreign = await call(listMailboxMessages, { token: stranger.accessToken, params: { mailbox_id: mailbox.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.error?.code).toBe("not_found");
    const listed = await call(listMailboxMessages, { token: account.accessToken, params: { mailbox_id: mailbox.id } });
    const id = listed.body.data.items[0]!.id;
    const foreignRead = await call(getMailboxMessage, { token: stranger.accessToken, params: { mailbox_id: mailbox.id, message_id: id } });
    expect(foreignRead.status).toBe(404);
    const foreignDelete = await call(deleteMailboxMessage, {
      token: stranger.accessToken,
      params: { mailbox_id: mailbox.id, message_id: id },
    });
    expect(foreignDelete.status).toBe(404);
    const unknown = await call(getMailboxMessage, {
      token: account.accessToken,
      params: { mailbox_id: mailbox.id, message_id: "1.999999" },
    });
    expect(unknown.status).toBe(404);
    const [stored] = await sql<{ count: string }>("select count(*) from mailboxes where id = $1", [mailbox.id]);
    expect(Number(stored!.count)).toBe(1);
  });
});
