// The rules about what a message may look like, on every door (docs/security.md,
// "Mail-plane rules"): the MX at DATA, SMTP submission and the sending API.
// Each case reproduces a way around them with a real client (a bare socket
// where the exact bytes matter, nodemailer otherwise) and checks what reaches
// a real SMTP peer: the capture server (smtp-server) the app delivers to.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { listMessages, sendMessage, sendMessageBatch } from "@/shared/api/endpoints/messages";
import { call } from "../support/api-client";
import { sql } from "../support/database";
import { dnsControl } from "../support/dns-server";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { emailsTo, waitForEmail } from "../support/captured-email";
import { newMailbox, imapClient, type TestMailbox } from "../support/hosted-mailboxes";
import { inbox, mxTransaction, short } from "../support/mx-client";
import { newApiKey } from "../support/sending";
import { authPlain, smtpDialogue } from "../support/smtp-dialogue";
import { verifiedDomain } from "../support/domains";

vi.setConfig({ testTimeout: 60_000 });

const tag = () => randomBytes(4).toString("hex");
// A CR not followed by LF, an LF not after CR, or a NUL: what must never leave.
const BARE = /\r(?!\n)|(?<!\r)\n|\0/;

let account: TestAccount;
let domain: string;
let key: string;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  domain = (await verifiedDomain(account, "rules")).name;
  key = (await newApiKey(account, { scope: "sending" })).secret;
});

const submission = () => inject("submission");

function transport() {
  return nodemailer.createTransport({
    host: "127.0.0.1",
    port: submission().port,
    requireTLS: true,
    auth: { user: "apikey", pass: key },
    tls: { ca: readFileSync(path.join(inject("serverDataDir"), "mail-tls", "localhost.crt")), servername: "localhost" },
  });
}

/** Submits `raw` as is (nodemailer's raw mode keeps every header the test wrote); resolves to the reply or the refusal. */
async function submit(to: string, raw: string): Promise<{ code: number; text: string }> {
  try {
    const info = await transport().sendMail({ envelope: { from: `ada@${domain}`, to: [to] }, raw });
    return { code: 250, text: info.response.replace(/^250 /, "") };
  } catch (error) {
    const { responseCode, response } = error as { responseCode: number; response: string };
    return { code: responseCode, text: response.replace(/^\d{3} /, "") };
  }
}

const storedFor = async (to: string) => (await call(listMessages, { token: account.accessToken, query: { to } })).body.data.items;

describe("the MX: exactly one From with one mailbox", () => {
  let box: TestMailbox;
  let forged: string;

  beforeAll(async () => {
    const hosted = await verifiedDomain(account, "rules-inbox");
    box = await newMailbox(account, hosted);
    forged = `bank-${tag()}.example.org`;
    const dns = dnsControl(inject("dnsControlUrl"));
    await dns.publish(`_dmarc.${forged}`, "TXT", ["v=DMARC1; p=reject"]);
    await dns.publish(forged, "TXT", ["v=spf1 -all"]);
  });

  const message = (fromLines: string, subject: string) =>
    Buffer.from(`${fromLines}To: ${box.address}\r\nSubject: ${subject}\r\nMessage-ID: <${tag()}@example.org>\r\n\r\nLog in here.\r\n`);

  it("answers two From headers (either order) and a From list with 554 5.6.0 at DATA, under a p=reject domain, and stores nothing", async () => {
    const subject = `Two authors ${tag()}`;
    const spellings = [
      `From: Bank <alerts@${forged}>\r\nFrom: <someone@example.org>\r\n`,
      `From: <someone@example.org>\r\nFrom: Bank <alerts@${forged}>\r\n`,
      `From: Bank <alerts@${forged}>, <someone@example.org>\r\n`,
      `From: <someone@example.org>, Bank <alerts@${forged}>\r\n`,
      `From: Bank: alerts@${forged};\r\n`,
    ];
    for (const from of spellings) {
      const sent = await mxTransaction(inject("mxPort"), "someone@example.org", [box.address], message(from, subject));
      expect(short(sent.data), from).toBe("554 5.6.0");
      expect(sent.data!.text).toMatch(/From/);
    }
    // A message without any From is no better.
    const none = await mxTransaction(inject("mxPort"), "someone@example.org", [box.address], message("", subject));
    expect(short(none.data)).toBe("554 5.6.0");
    expect((await inbox(imapClient(box.address, box.password))).filter((found) => found.subject === subject)).toEqual([]);
  });

  it("still judges one forged From by DMARC (550 5.7.1) and delivers an ordinary one", async () => {
    const forgedOne = await mxTransaction(
      inject("mxPort"),
      `alerts@${forged}`,
      [box.address],
      message(`From: Bank <alerts@${forged}>\r\n`, "x"),
    );
    expect(short(forgedOne.data)).toBe("550 5.7.1");
    const subject = `Ordinary ${tag()}`;
    const ordinary = await mxTransaction(
      inject("mxPort"),
      "someone@example.org",
      [box.address],
      message("From: Someone <someone@example.org>\r\n", subject),
    );
    expect(short(ordinary.data)).toBe("250 2.0.0");
    expect((await inbox(imapClient(box.address, box.password))).filter((found) => found.subject === subject)).toHaveLength(1);
  });
});

describe("SMTP submission: the From rule", () => {
  it("refuses a second From header, in either order, with 554 5.6.0 and stores nothing", async () => {
    const to = uniqueEmail("two-from");
    for (const from of [`From: ada@${domain}\r\nFrom: ceo@victim-bank.test\r\n`, `From: ceo@victim-bank.test\r\nFrom: ada@${domain}\r\n`]) {
      const reply = await submit(to, `${from}To: ${to}\r\nSubject: two authors\r\n\r\nhi\r\n`);
      expect(reply.code, from).toBe(554);
      expect(reply.text).toMatch(/^5\.6\.0 .*From/);
    }
    expect(await storedFor(to)).toEqual([]);
  });

  it("answers From spellings it cannot send as with 554 5.6.0, never a 451 the client would retry for days", async () => {
    const to = uniqueEmail("bad-from");
    for (const from of [
      `"ceo@victim-bank.test" <ada@${domain}>`,
      `=?utf-8?B?${Buffer.from("ceo@victim-bank.test").toString("base64")}?= <ada@${domain}>`,
      `ada@${domain}.`,
      `ada@${domain} (ceo@victim-bank.test)`,
      `ada@${domain}, ceo@victim-bank.test`,
      `Board: ada@${domain};`,
    ]) {
      const reply = await submit(to, `From: ${from}\r\nTo: ${to}\r\nSubject: spelling\r\n\r\nhi\r\n`);
      expect(`${reply.code} ${reply.text.split(" ")[0]}`, from).toBe("554 5.6.0");
    }
    expect(await storedFor(to)).toEqual([]);
  });

  it("accepts the spellings mail clients write: an encoded name and a comment, stored as one canonical mailbox", async () => {
    const to = uniqueEmail("good-from");
    const encoded = await submit(to, `From: =?UTF-8?Q?Jos=C3=A9?= <ada@${domain}>\r\nTo: ${to}\r\nSubject: encoded\r\n\r\nhi\r\n`);
    expect(encoded.code, encoded.text).toBe(250);
    const comment = await submit(to, `From: ada@${domain} (Ada)\r\nTo: ${to}\r\nSubject: comment\r\n\r\nhi\r\n`);
    expect(comment.code, comment.text).toBe(250);
    const froms = (await storedFor(to)).map((item) => item.from).sort();
    expect(froms).toEqual([`"José" <ada@${domain}>`, `Ada <ada@${domain}>`]);
  });
});

describe("SMTP submission: the headers a customer may set", () => {
  it("refuses Sender, Resent-* and the service's own X-CES-* headers with 554 5.6.0, naming the header", async () => {
    const to = uniqueEmail("reserved");
    for (const header of ["Sender: ceo@victim-bank.test", "Resent-From: ceo@victim-bank.test", "X-CES-Message-ID: msg_forged"]) {
      const reply = await submit(to, `From: ada@${domain}\r\n${header}\r\nTo: ${to}\r\nSubject: reserved\r\n\r\nhi\r\n`);
      expect(reply.code, header).toBe(554);
      expect(reply.text).toContain(header.split(":")[0]!);
    }
    expect(await storedFor(to)).toEqual([]);
  });

  it("removes the trace headers only receiving servers write (Received, Authentication-Results, ARC-*, Return-Path)", async () => {
    const to = uniqueEmail("trace");
    const reply = await submit(
      to,
      [
        "Received: from forged.example by mx.victim-bank.test; Mon, 1 Jan 2024 00:00:00 +0000",
        "Authentication-Results: mx.example.com; dkim=pass; dmarc=pass",
        "ARC-Seal: i=1; a=rsa-sha256; cv=none; d=victim-bank.test; s=x; b=AAAA",
        "Return-Path: <ceo@victim-bank.test>",
        `From: ada@${domain}`,
        `To: ${to}`,
        "Subject: trace",
        "X-Customer: kept",
        "",
        "hi",
        "",
      ].join("\r\n"),
    );
    expect(reply.code, reply.text).toBe(250);
    const email = await waitForEmail(to);
    expect(email.raw).not.toMatch(/forged\.example|dmarc=pass|ARC-Seal|ceo@victim-bank/i);
    expect(email.raw).toMatch(/^X-Customer: kept\r$/m);
  });
});

describe("line endings: no bare CR, bare LF or NUL ever leaves", () => {
  const smuggled = (other: string) =>
    `before\r.\r\nMAIL FROM:<x@${other}>\r\nRCPT TO:<victim@${other}>\r\nDATA\r\nFrom: x@${other}\r\n\r\nsmuggled\r\n`;

  it("submission over a bare socket: a bare CR and a bare LF are written as CRLF, so the smuggled commands stay text in one message", async () => {
    const to = uniqueEmail("bare-cr");
    const other = `other-${tag()}.example`;
    const dialogue = smtpDialogue(submission().port);
    expect((await dialogue.greeting).code).toBe(220);
    await dialogue.send("EHLO client.test\r\n");
    expect((await dialogue.send(`AUTH PLAIN ${authPlain("apikey", key)}\r\n`)).code).toBe(235);
    expect((await dialogue.send(`MAIL FROM:<ada@${domain}>\r\n`)).code).toBe(250);
    expect((await dialogue.send(`RCPT TO:<${to}>\r\n`)).code).toBe(250);
    expect((await dialogue.send("DATA\r\n")).code).toBe(354);
    dialogue.write(`From: ada@${domain}\r\nTo: ${to}\r\nSubject: bare CR\r\n\r\n${smuggled(other)}bare\rcr and bare\nlf\r\n`);
    const reply = await dialogue.send(".\r\n");
    dialogue.end();
    expect(reply.code, reply.text).toBe(250);
    const id = reply.text.split(" ").pop()!;

    const [stored] = await sql<{ raw: Buffer }>("select raw from message_contents where message_id = $1", [id]);
    expect(BARE.test(stored!.raw.toString("latin1"))).toBe(false);
    const email = await waitForEmail(to);
    expect(BARE.test(email.raw)).toBe(false);
    // The exact body as the peer read it (after its dot-unstuffing): each bare break became a CRLF.
    expect(email.raw.split("\r\n\r\n").slice(1).join("\r\n\r\n")).toBe(
      `before\r\n.\r\nMAIL FROM:<x@${other}>\r\nRCPT TO:<victim@${other}>\r\nDATA\r\nFrom: x@${other}\r\n\r\nsmuggled\r\nbare\r\ncr and bare\r\nlf\r\n`,
    );
    expect(emailsTo(`victim@${other}`)).toEqual([]);
  });

  it("the sending API, single and batch: text, html and an attached message with bare CR and LF reach the peer with CRLF only", async () => {
    const other = `other-${tag()}.example`;
    const to = [uniqueEmail("api-cr"), uniqueEmail("api-cr-batch"), uniqueEmail("api-cr-batch")];
    const body = (recipient: string) => ({
      from: `ada@${domain}`,
      to: recipient,
      subject: "bare breaks",
      text: `${smuggled(other)}mac\rline and unix\nline`,
      html: `<p>before\r.\r\nMAIL FROM:&lt;x@${other}&gt;</p>\r<p>two\nthree</p>`,
    });
    const forwarded = Buffer.from(`From: x@${other}\r\nSubject: inner\r\n\r\n${smuggled(other)}`).toString("base64");
    const single = await call(sendMessage, {
      token: account.accessToken,
      body: { ...body(to[0]!), attachments: [{ filename: "forwarded.eml", content: forwarded }] },
    });
    expect(single.status, JSON.stringify(single.body)).toBe(201);
    const batch = await call(sendMessageBatch, { token: account.accessToken, body: { messages: [body(to[1]!), body(to[2]!)] } });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    for (const recipient of to) {
      const email = await waitForEmail(recipient);
      expect(BARE.test(email.raw), recipient).toBe(false);
      expect(email.text).toContain("mac\nline and unix\nline");
    }
    expect(emailsTo(`victim@${other}`)).toEqual([]);
  });

  it("the sending API refuses NUL in the text, html, subject and headers with 400", async () => {
    const base = { from: `ada@${domain}`, to: uniqueEmail("api-nul"), subject: "nul", text: "x" };
    for (const [field, change] of [
      ["text", { text: "a\0b" }],
      ["html", { html: "<p>a\0b</p>" }],
      ["subject", { subject: "a\0b" }],
      ["headers", { headers: { "X-Note": "a\0b" } }],
    ] as const) {
      const answer = await call(sendMessage, { token: account.accessToken, body: { ...base, ...change } });
      expect(answer.status, field).toBe(400);
      expect(answer.error?.code).toBe("validation_error");
      expect(answer.error?.errors?.[0]?.path, field).toMatch(new RegExp(`^${field}`));
    }
  });

  it("the sending API refuses Sender and X-CES-* in headers, as submission does", async () => {
    for (const name of ["Sender", "X-CES-Tags", "Resent-From", "Received"]) {
      const answer = await call(sendMessage, {
        token: account.accessToken,
        body: { from: `ada@${domain}`, to: uniqueEmail("api-reserved"), subject: "x", text: "x", headers: { [name]: "v" } },
      });
      expect(answer.status, name).toBe(400);
    }
  });
});
