// Hostile input at the MX, over a bare socket where no client library would
// go: each case gets its reply code at the stage that should give it, and a
// client stuck mid-DATA blocks nobody else.
import { createHmac, hkdfSync } from "node:crypto";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import nodemailer from "nodemailer";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { sendMessage } from "@/shared/api/endpoints/messages";
import { call } from "../support/api-client";
import { createAccount, uniqueEmail } from "../support/factories";
import { inboundFixture } from "../support/inbound-fixtures";
import { smtpDialogue } from "../support/smtp-dialogue";
import { verifiedDomain } from "../support/domains";

const port = () => inject("mxPort");

/** A genuine return-path token, made with the server's generated AUTH_SECRET the way the app makes it. */
function tokenFor(messageId: string): string {
  const { authSecret } = JSON.parse(readFileSync(path.join(inject("serverDataDir"), "secrets.json"), "utf8")) as { authSecret: string };
  const key = Buffer.from(hkdfSync("sha256", authSecret, "customer-email-service", "verp-return-path", 32));
  return `${messageId}-${createHmac("sha256", key).update(messageId).digest("hex").slice(0, 20)}`;
}

let verp: string;

beforeAll(async () => {
  const account = await createAccount();
  const domain = await verifiedDomain(account, "hostile");
  const sent = await call(sendMessage, {
    token: account.accessToken,
    body: { from: `a@${domain.name}`, to: uniqueEmail("hostile"), subject: "Hello", text: "x" },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  verp = `${tokenFor(sent.body.data.id)}@ces-bounces.${domain.name}`;
});

async function openTransaction(from = "") {
  const dialogue = smtpDialogue(port());
  expect((await dialogue.greeting).code).toBe(220);
  expect((await dialogue.send("EHLO hostile.test\r\n")).code).toBe(250);
  expect(await dialogue.send(`MAIL FROM:<${from}>\r\n`)).toEqual({ code: 250, text: "Accepted" });
  return dialogue;
}

async function sendData(body: string | Buffer) {
  const dialogue = await openTransaction();
  expect((await dialogue.send(`RCPT TO:<${verp}>\r\n`)).code).toBe(250);
  expect((await dialogue.send("DATA\r\n")).code).toBe(354);
  dialogue.write(body);
  const reply = await dialogue.send("\r\n.\r\n");
  dialogue.end();
  return reply;
}

describe("the MX's hostile input", () => {
  it("offers STARTTLS and SIZE, and no AUTH; a real client upgrades to TLS and is served", async () => {
    const ehlo = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port(), "127.0.0.1");
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
        if (/^220 /m.test(text) && !text.includes("EHLO-SENT")) {
          text += "EHLO-SENT\n";
          socket.write("EHLO hostile.test\r\n");
        } else if (/^250 /m.test(text)) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on("error", reject);
    });
    expect(ehlo).toMatch(/^220 localhost ESMTP/);
    expect(ehlo).toMatch(/^250[- ]STARTTLS$/m);
    expect(ehlo).toMatch(/^250[- ]SIZE 25000000$/m);
    expect(ehlo).not.toMatch(/AUTH/);
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: port(),
      requireTLS: true,
      tls: { ca: readFileSync(path.join(inject("serverDataDir"), "mail-tls", "localhost.crt")), servername: "localhost" },
    });
    const info = await transport.sendMail({
      envelope: { from: "", to: [verp] },
      raw: "From: MAILER-DAEMON@sender.example\r\nSubject: over TLS\r\n\r\nhello\r\n",
    });
    expect(info.response).toBe("250 2.0.0 Ok");
  });

  it("refuses an unknown recipient with 550 5.1.1, and closes after 20 of them", async () => {
    const dialogue = await openTransaction();
    expect(await dialogue.send("RCPT TO:<nobody@example.org>\r\n")).toEqual({ code: 550, text: "5.1.1 No such recipient here" });
    expect((await dialogue.send(`RCPT TO:<msg_000000000000000000000000-00000000000000000000@x.example>\r\n`)).code).toBe(550);
    for (let attempt = 3; attempt < 20; attempt++)
      expect((await dialogue.send(`RCPT TO:<guess${attempt}@example.org>\r\n`)).code).toBe(550);
    expect(await dialogue.send("RCPT TO:<last@example.org>\r\n")).toMatchObject({ code: 421, text: expect.stringMatching(/^4\.7\.0 /) });
    await dialogue.closed;
  });

  it("refuses a genuine token for a message we do not have (a DSN with no original message) with 550 5.1.1", async () => {
    const dialogue = await openTransaction();
    const gone = `${tokenFor("msg_ffffffffffffffffffffffff")}@ces-bounces.hostile.example`;
    expect(await dialogue.send(`RCPT TO:<${gone}>\r\n`)).toEqual({ code: 550, text: "5.1.1 No such recipient here" });
    dialogue.end();
  });

  it("refuses the 101st recipient with 452 4.5.3", async () => {
    const dialogue = await openTransaction();
    const token = verp.split("@")[0]!;
    for (let index = 0; index < 100; index++) expect((await dialogue.send(`RCPT TO:<${token}@d${index}.example>\r\n`)).code).toBe(250);
    expect(await dialogue.send(`RCPT TO:<${token}@d100.example>\r\n`)).toMatchObject({
      code: 452,
      text: expect.stringMatching(/^4\.5\.3 /),
    });
    dialogue.end();
  });

  it("refuses a declared SIZE over 25 MB at MAIL FROM with 552 5.3.4", async () => {
    const dialogue = smtpDialogue(port());
    await dialogue.greeting;
    await dialogue.send("EHLO hostile.test\r\n");
    expect(await dialogue.send("MAIL FROM:<> SIZE=31457280\r\n")).toEqual({
      code: 552,
      text: "5.3.4 Message size exceeds fixed limit: at most 25000000 bytes",
    });
    dialogue.end();
  });

  it("reads a 30 MB message to its end and answers 552 5.3.4", async () => {
    const line = `${"x".repeat(998)}\r\n`;
    const body = Buffer.from(`Subject: big\r\n\r\n${line.repeat(Math.ceil((30 * 1024 * 1024) / line.length))}`);
    expect(await sendData(body)).toEqual({ code: 552, text: "5.3.4 Message size exceeds fixed limit: at most 25000000 bytes" });
  }, 60_000);

  it("refuses a header line over 998 characters with 554 5.6.0", async () => {
    expect(await sendData(`Subject: ${"a".repeat(1200)}\r\n\r\nbody`)).toMatchObject({
      code: 554,
      text: expect.stringMatching(/^5\.6\.0 .*998 characters/),
    });
  });

  it("refuses a multipart bomb (5,000 levels deep) with 554 5.6.0", async () => {
    let body = "";
    for (let level = 0; level < 5000; level++) body += `--b${level}\r\nContent-Type: multipart/mixed; boundary="b${level + 1}"\r\n\r\n`;
    const reply = await sendData(`From: x@example.org\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b0"\r\n\r\n${body}`);
    expect(reply).toMatchObject({ code: 554, text: expect.stringMatching(/^5\.6\.0 Message structure is not valid/) });
  });

  it("takes malformed MIME without crashing and records nothing", async () => {
    const reply = await sendData(
      'From: MAILER-DAEMON@example.org\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\r\n\r\n--\r\nContent-Type: message/delivery-status; charset="\r\n\r\nAction: \u0001\r\n--',
    );
    expect(reply).toEqual({ code: 250, text: "2.0.0 Ok" });
  });

  it("serves other clients while one is stuck mid-DATA", async () => {
    const stuck = await openTransaction();
    expect((await stuck.send(`RCPT TO:<${verp}>\r\n`)).code).toBe(250);
    expect((await stuck.send("DATA\r\n")).code).toBe(354);
    stuck.write("Subject: never ends\r\n\r\nhalf a messa");
    const reply = await sendData(inboundFixture("postfix-hard", { verp, recipient: "someone@example.org" }));
    expect(reply).toEqual({ code: 250, text: "2.0.0 Ok" });
    stuck.end();
  });
});
