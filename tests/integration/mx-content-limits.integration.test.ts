// What a message for a hosted mailbox may carry: the MIME part limit applies
// to every recipient at DATA (not only to reports), the reader shows a
// message it cannot parse with a placeholder instead of failing, and an
// Authentication-Results field claiming our name in any spelling (quoted,
// with a trailing dot, behind a comment) is removed.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { deliverToMailboxes } from "@/server/mail-store/lmtp/deliver-to-mailboxes";
import { getMailboxMessage, listMailboxMessages } from "@/shared/api/endpoints/mailbox-messages";
import { call } from "../support/api-client";
import { createAccount, type TestAccount } from "../support/factories";
import { newMailbox, imapClient, rawMessage, type TestMailbox } from "../support/hosted-mailboxes";
import { inbox, mxTransaction, short } from "../support/mx-client";
import { verifiedDomain } from "../support/domains";

vi.setConfig({ testTimeout: 60_000 });

const mxPort = () => inject("mxPort");
const tag = () => randomBytes(4).toString("hex");

let account: TestAccount;
let box: TestMailbox;
let hostname: string;

beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ces-mx-content-"));
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  const domain = await verifiedDomain(account, "content");
  box = await newMailbox(account, domain);
  hostname = (await mxTransaction(mxPort(), "sender@example.org", [], Buffer.alloc(0))).greeting.split(" ")[0]!;
});

/** A multipart/mixed message with `parts` text parts side by side. */
function manyParts(to: string, subject: string, parts: number): Buffer {
  let body = "";
  for (let part = 0; part < parts; part++) body += `--b\r\nContent-Type: text/plain\r\n\r\npart ${part}\r\n`;
  return Buffer.from(
    `From: sender@example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n${body}--b--\r\n`,
  );
}

/** Multiparts nested `levels` deep. */
function nested(to: string, subject: string, levels: number): Buffer {
  let body = "";
  for (let level = 0; level < levels; level++) body += `--b${level}\r\nContent-Type: multipart/mixed; boundary="b${level + 1}"\r\n\r\n`;
  body += `--b${levels}\r\nContent-Type: text/plain\r\n\r\ndeep\r\n`;
  return Buffer.from(
    `From: sender@example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b0"\r\n\r\n${body}`,
  );
}

const subjects = async () => (await inbox(imapClient(box.address, box.password))).map((message) => message.subject);

describe("MIME structure of mail for a mailbox", () => {
  it("refuses more than 100 parts with 554 5.6.0 and stores nothing; 50 parts are delivered", async () => {
    const subject = `Parts ${tag()}`;
    const refused = await mxTransaction(mxPort(), "sender@example.org", [box.address], manyParts(box.address, subject, 150));
    expect(refused.data).toMatchObject({ code: 554, text: expect.stringMatching(/^5\.6\.0 Message structure is not valid/) });
    const fine = `Fifty ${tag()}`;
    const taken = await mxTransaction(mxPort(), "sender@example.org", [box.address], manyParts(box.address, fine, 50));
    expect(short(taken.data)).toBe("250 2.0.0");
    const stored = await subjects();
    expect(stored).toContain(fine);
    expect(stored).not.toContain(subject);
  });

  it("refuses 1,000 nesting levels with 554 5.6.0", async () => {
    const subject = `Deep ${tag()}`;
    const sent = await mxTransaction(mxPort(), "sender@example.org", [box.address], nested(box.address, subject, 1000));
    expect(sent.data).toMatchObject({ code: 554, text: expect.stringMatching(/^5\.6\.0 /) });
    expect(await subjects()).not.toContain(subject);
  });

  it("the reader answers a message it cannot parse (stored before the MX checked) with its header and a placeholder, not 500", async () => {
    const subject = `Unreadable ${tag()}`;
    const [outcome] = await deliverToMailboxes(nested(box.address, subject, 1200), [box.address], {
      lmtpUrl: `lmtp://127.0.0.1:${inject("mailStore").lmtpPort}`,
    });
    expect(outcome!.delivered).toBe(true);
    const token = account.accessToken;
    const listed = await call(listMailboxMessages, { token, params: { mailbox_id: box.id }, query: { limit: 100 } });
    const summary = listed.body.data.items.find((item) => item.subject === subject);
    expect(summary).toBeDefined();
    const read = await call(getMailboxMessage, { token, params: { mailbox_id: box.id, message_id: summary!.id } });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toMatchObject({ subject, html: null, attachments: [] });
    expect(read.body.data.text).toMatch(/could not be displayed/);
    expect(read.body.data.headers).toContainEqual({ name: "Subject", value: subject });
  });
});

describe("Authentication-Results claiming our name", () => {
  it("are removed however the name is written: quoted, with a trailing dot, in capitals, behind a comment", async () => {
    const subject = `Forged results ${tag()}`;
    const forged = [
      `Authentication-Results: "${hostname}"; dkim=pass (forged-quoted)`,
      `Authentication-Results: ${hostname}.; dkim=pass (forged-dot)`,
      `Authentication-Results: (comment (nested)) ${hostname.toUpperCase()} 1; dkim=pass (forged-comment)`,
      `Authentication-Results: "${hostname}."; dkim=pass (forged-both)`,
      "Authentication-Results: other.example; dkim=pass (kept-other)",
    ].join("\r\n");
    const sent = await mxTransaction(mxPort(), "sender@example.org", [box.address], rawMessage(box.address, subject, `${forged}\r\n`));
    expect(short(sent.data)).toBe("250 2.0.0");
    const copy = (await inbox(imapClient(box.address, box.password))).find((message) => message.subject === subject);
    expect(copy).toBeDefined();
    for (const marker of ["forged-quoted", "forged-dot", "forged-comment", "forged-both"]) expect(copy!.source).not.toContain(marker);
    expect(copy!.source).toContain("kept-other");
  });
});
