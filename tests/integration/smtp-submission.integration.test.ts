// SMTP submission against the real server's listeners: real clients
// (nodemailer, Debian's swaks) and a bare socket for what no client library
// would send. Every refusal is checked for its reply code at the stage that
// should give it.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { revokeApiKey } from "@/shared/api/endpoints/api-keys";
import { listMessages } from "@/shared/api/endpoints/messages";
import { getSmtpAccess } from "@/shared/api/endpoints/smtp-access";
import { call } from "../support/api-client";
import { loopbackClientAddresses } from "../support/client-addresses";
import { sql } from "../support/database";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { emailsTo, waitForEmail } from "../support/captured-email";
import { loopbackAddress } from "../support/recipient-mx";
import { authPlain, smtpDialogue } from "../support/smtp-dialogue";
import { dkimResolver, newApiKey } from "../support/sending";
import { holdsFor, until } from "../support/poll";
import { verifiedDomain } from "../support/domains";
import { copyFor, newTopic, unsubscribeLinksIn } from "../support/topics";

const submission = () => inject("submission");
const serverCertificate = () => readFileSync(path.join(inject("serverDataDir"), "mail-tls", "localhost.crt"));

/** Where the logins meant to fail come from (loopback's wrong-login budget is every other test's). */
const clients = loopbackClientAddresses();
afterAll(() => clients.forget());

function transport(key: string, options: { implicitTls?: boolean; pool?: boolean; from?: string } = {}) {
  const settings = {
    host: "127.0.0.1",
    localAddress: options.from,
    port: options.implicitTls ? submission().securePort : submission().port,
    secure: Boolean(options.implicitTls),
    requireTLS: !options.implicitTls,
    auth: { user: "apikey", pass: key },
    // The server's generated certificate names localhost; trusting exactly it checks the chain for real.
    tls: { ca: serverCertificate(), servername: "localhost" },
  };
  return options.pool ? nodemailer.createTransport({ ...settings, pool: true, maxConnections: 1 }) : nodemailer.createTransport(settings);
}

function swaks(args: string[]): { status: number | null; output: string } {
  const result = spawnSync("swaks", ["--server", "127.0.0.1", "--port", String(submission().port), "--timeout", "20", ...args], {
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A signed-in dialogue on the STARTTLS port over plain text (allowed from loopback outside production). */
async function authenticatedDialogue(key: string) {
  const dialogue = smtpDialogue(submission().port);
  expect((await dialogue.greeting).code).toBe(220);
  expect((await dialogue.send("EHLO client.test\r\n")).code).toBe(250);
  expect(await dialogue.send(`AUTH PLAIN ${authPlain("apikey", key)}\r\n`)).toMatchObject({ code: 235 });
  return dialogue;
}

let account: TestAccount;
let domain: string;
let key: string;

beforeAll(async () => {
  account = await createAccount();
  domain = (await verifiedDomain(account, "smtp")).name;
  key = (await newApiKey(account, { scope: "sending" })).secret;
});

describe("GET /sending/smtp", () => {
  it("tells a signed-in customer and an API key the host, ports, username and limits", async () => {
    const expected = {
      host: "localhost",
      username: "apikey",
      ports: [
        { port: submission().port, security: "starttls" },
        { port: submission().securePort, security: "ssl_tls" },
      ],
      maxMessageBytes: 25_000_000,
      maxRecipients: 50,
      controlHeaders: { tags: "X-CES-Tags", idempotencyKey: "X-CES-Idempotency-Key", topic: "X-CES-Topic" },
    };
    for (const token of [account.accessToken, key]) {
      const answer = await call(getSmtpAccess, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual(expected);
    }
  });

  it("needs credentials", async () => {
    const answer = await call(getSmtpAccess, {});
    expect(answer.status).toBe(401);
    expect(answer.error?.code).toBe("unauthorized");
  });
});

describe("SMTP submission: connecting and signing in", () => {
  it("signs in with an API key over STARTTLS and over implicit TLS, with a certificate the client can verify", async () => {
    await expect(transport(key).verify()).resolves.toBe(true);
    await expect(transport(key, { implicitTls: true }).verify()).resolves.toBe(true);
  });

  it("advertises SIZE, STARTTLS, PIPELINING and AUTH, and names itself after the mail host name", async () => {
    const ehlo = spawnSync("swaks", ["--server", "127.0.0.1", "--port", String(submission().port), "--quit-after", "EHLO"], {
      encoding: "utf8",
    }).stdout;
    expect(ehlo).toMatch(/<- {2}220 localhost ESMTP/);
    expect(ehlo).toMatch(/250[- ]SIZE 25000000/);
    expect(ehlo).toMatch(/250-STARTTLS/);
    expect(ehlo).toMatch(/250[- ]PIPELINING/);
    expect(ehlo).toMatch(/AUTH PLAIN LOGIN/);
  });

  it("answers a wrong key and a revoked key with 535 5.7.8", async () => {
    await expect(transport(`ces_${"x".repeat(40)}`, { from: clients.next() }).verify()).rejects.toMatchObject({
      responseCode: 535,
      response: expect.stringContaining("5.7.8"),
    });
    const revoked = await newApiKey(account);
    expect((await call(revokeApiKey, { token: account.accessToken, params: { key_id: revoked.id } })).status).toBe(200);
    const result = swaks([
      "--local-interface",
      clients.next(),
      "--auth",
      "PLAIN",
      "--auth-user",
      "apikey",
      "--auth-password",
      revoked.secret,
      "--from",
      `a@${domain}`,
      "--to",
      "b@example.com",
      "-tls",
      "--tls-verify",
      "--tls-ca-path",
      path.join(inject("serverDataDir"), "mail-tls", "localhost.crt"),
      "--quit-after",
      "AUTH",
    ]);
    expect(result.output).toMatch(/535 5\.7\.8 Authentication credentials invalid/);
  });

  it("refuses MAIL FROM before AUTH with 530 5.7.0", async () => {
    const dialogue = smtpDialogue(submission().port);
    await dialogue.greeting;
    await dialogue.send("EHLO client.test\r\n");
    expect(await dialogue.send(`MAIL FROM:<a@${domain}>\r\n`)).toEqual({ code: 530, text: "5.7.0 Authentication required" });
    dialogue.end();
  });

  it("slows down and then refuses an address after repeated wrong logins", async () => {
    // A client address of its own: loopback's budget is every other test's.
    const guesser = clients.next();
    try {
      const codes: number[] = [];
      const started = Date.now();
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const dialogue = smtpDialogue(submission().port, "127.0.0.1", guesser);
        await dialogue.greeting;
        await dialogue.send("EHLO client.test\r\n");
        codes.push((await dialogue.send(`AUTH PLAIN ${authPlain("apikey", "ces_wrong")}\r\n`)).code);
        dialogue.end();
      }
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(535));
      expect(codes.slice(10)).toEqual([421, 421]);
      // Each failure waits a little longer than the one before.
      expect(Date.now() - started).toBeGreaterThan(5_000);
      // A right key from the same address is refused too until the window ends: the address is blocked, not the key.
      const dialogue = smtpDialogue(submission().port, "127.0.0.1", guesser);
      await dialogue.greeting;
      await dialogue.send("EHLO client.test\r\n");
      expect((await dialogue.send(`AUTH PLAIN ${authPlain("apikey", key)}\r\n`)).code).toBe(421);
      dialogue.end();
    } finally {
      await clients.forget();
    }
  });
});

describe("SMTP submission: each stage refuses what it can", () => {
  it("refuses a sender outside the key's verified domains at MAIL FROM with 553 5.7.1", async () => {
    const result = swaks([
      "--auth",
      "PLAIN",
      "--auth-user",
      "apikey",
      "--auth-password",
      key,
      "--from",
      "ceo@victim-bank.test",
      "--to",
      "b@example.com",
      "--quit-after",
      "MAIL",
    ]);
    expect(result.output).toMatch(/553 5\.7\.1 Sender address is not on a verified domain/);
  });

  it("refuses a domain-restricted key's other domains", async () => {
    const other = (await verifiedDomain(account, "smtp")).name;
    const restricted = await newApiKey(account, {
      domainId: (await sql<{ id: string }>("select id from sending_domains where name = $1", [domain]))[0]!.id,
    });
    const dialogue = await authenticatedDialogue(restricted.secret);
    expect((await dialogue.send(`MAIL FROM:<a@${other}>\r\n`)).code).toBe(553);
    expect((await dialogue.send(`MAIL FROM:<a@${domain}>\r\n`)).code).toBe(250);
    dialogue.end();
  });

  it("takes 50 recipients and answers the 51st with 452 4.5.3", async () => {
    const dialogue = await authenticatedDialogue(key);
    expect((await dialogue.send(`MAIL FROM:<a@${domain}>\r\n`)).code).toBe(250);
    for (let index = 0; index < 50; index += 1) expect((await dialogue.send(`RCPT TO:<r${index}@example.com>\r\n`)).code).toBe(250);
    expect(await dialogue.send("RCPT TO:<r50@example.com>\r\n")).toEqual({
      code: 452,
      text: "4.5.3 Too many recipients: at most 50 per message",
    });
    dialogue.end();
  });

  it("refuses a declared SIZE over the limit at MAIL FROM with 552 5.3.4", async () => {
    const dialogue = await authenticatedDialogue(key);
    expect(await dialogue.send(`MAIL FROM:<a@${domain}> SIZE=31457280\r\n`)).toEqual({
      code: 552,
      text: "5.3.4 Message size exceeds fixed limit: at most 25000000 bytes",
    });
    dialogue.end();
  });

  it("reads a 30 MB DATA to its end, answers 552 5.3.4 and stores nothing", async () => {
    const before = await sql<{ count: string }>("select count(*) from messages where account_id = $1", [account.user.id]);
    const dialogue = await authenticatedDialogue(key);
    await dialogue.send(`MAIL FROM:<a@${domain}>\r\n`);
    await dialogue.send("RCPT TO:<big@example.com>\r\n");
    expect((await dialogue.send("DATA\r\n")).code).toBe(354);
    dialogue.write(`From: a@${domain}\r\nTo: big@example.com\r\nSubject: big\r\n\r\n`);
    const line = `${"x".repeat(998)}\r\n`;
    const chunk = line.repeat(1024);
    for (let written = 0; written < 30 * 1024 * 1024; written += chunk.length) dialogue.write(chunk);
    expect(await dialogue.send(".\r\n")).toEqual({ code: 552, text: `5.3.4 Message size exceeds fixed limit: at most 25000000 bytes` });
    // The session goes on: the client may try a smaller message.
    expect((await dialogue.send("RSET\r\n")).code).toBe(250);
    dialogue.end();
    const after = await sql<{ count: string }>("select count(*) from messages where account_id = $1", [account.user.id]);
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it("refuses NUL bytes and a flood of header lines with 554 5.6.0", async () => {
    for (const body of [
      `From: a@${domain}\r\nSubject: x\0y\r\n\r\nbody\r\n`,
      `From: a@${domain}\r\n${Array.from({ length: 10_000 }, (_, i) => `X-H${i}: v`).join("\r\n")}\r\n\r\nbody\r\n`,
    ]) {
      const dialogue = await authenticatedDialogue(key);
      await dialogue.send(`MAIL FROM:<a@${domain}>\r\n`);
      await dialogue.send("RCPT TO:<r@example.com>\r\n");
      await dialogue.send("DATA\r\n");
      dialogue.write(body);
      const reply = await dialogue.send(".\r\n");
      expect(reply.code).toBe(554);
      expect(reply.text).toMatch(/^5\.6\.0 /);
      dialogue.end();
    }
  });

  it("forgets a message whose client stops mid-DATA, and keeps serving", async () => {
    const before = await sql<{ count: string }>("select count(*) from messages where account_id = $1", [account.user.id]);
    const dialogue = await authenticatedDialogue(key);
    await dialogue.send(`MAIL FROM:<a@${domain}>\r\n`);
    await dialogue.send("RCPT TO:<r@example.com>\r\n");
    await dialogue.send("DATA\r\n");
    dialogue.write(`From: a@${domain}\r\nTo: r@example.com\r\nSubject: cut\r\n\r\nhalf a mess`);
    dialogue.end();
    await dialogue.closed;
    await expect(transport(key).verify()).resolves.toBe(true);
    const after = await sql<{ count: string }>("select count(*) from messages where account_id = $1", [account.user.id]);
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it("holds at most 20 connections per address, refusing the rest with 421, and serves again once they close", async () => {
    // From a loopback address of its own: other files' clients on 127.0.0.1 would share the count.
    const address = loopbackAddress();
    const dialogues = Array.from({ length: 200 }, () => smtpDialogue(submission().port, "127.0.0.1", address));
    const greetings = await Promise.all(dialogues.map((dialogue) => dialogue.greeting));
    expect(greetings.filter((greeting) => greeting.code === 220)).toHaveLength(20);
    expect(
      greetings.filter((greeting) => greeting.code === 421).every((greeting) => /^4\.7\.0 Too many connections/.test(greeting.text)),
    ).toBe(true);
    for (const dialogue of dialogues) dialogue.end();
    await Promise.all(dialogues.map((dialogue) => dialogue.closed));
    // The listener counts a connection until it has handled its close; then the same address is greeted again.
    const greetedAgain = async () => {
      const dialogue = smtpDialogue(submission().port, "127.0.0.1", address);
      const { code } = await dialogue.greeting;
      dialogue.end();
      await dialogue.closed;
      return code === 220;
    };
    expect(await until(greetedAgain, 5_000, 200)).toBe(true);
  });
});

const queuedId = (response: string) => /^250 2\.0\.0 Ok: queued as (msg_[0-9a-f]+)$/.exec(response.trim())?.[1];

describe("SMTP submission: what is accepted is delivered as sent", () => {
  it("keeps Reply-To, List-Unsubscribe, custom headers and attachments byte for byte, delivers Bcc without the header, and signs with DKIM", async () => {
    const to = uniqueEmail("smtp-to");
    const hidden = uniqueEmail("smtp-bcc");
    const attachment = randomBytes(64 * 1024);
    const info = await transport(key).sendMail({
      from: `"Ada, Shop" <ada@${domain}>`,
      to,
      bcc: hidden,
      replyTo: `help@${domain}`,
      subject: "Receipt over SMTP",
      text: "Thanks for your order.",
      html: "<p>Thanks for your <b>order</b>.</p>",
      headers: {
        "List-Unsubscribe": `<mailto:unsubscribe@${domain}>`,
        "X-Order": "A-1001",
        "X-CES-Tags": "kind=receipt",
        "X-CES-Idempotency-Key": "order-A-1001",
      },
      attachments: [{ filename: "receipt.bin", content: attachment }],
    });
    const id = queuedId(info.response);
    expect(id).toBeTruthy();
    const email = await waitForEmail(to);
    const parsed = await simpleParser(email.raw);
    expect(parsed.replyTo?.text).toBe(`help@${domain}`);
    expect(email.raw).toContain(`List-Unsubscribe: <mailto:unsubscribe@${domain}>\r\n`);
    expect(parsed.headers.get("x-order")).toBe("A-1001");
    expect(parsed.headers.has("x-ces-tags")).toBe(false);
    expect(parsed.headers.has("x-ces-idempotency-key")).toBe(false);
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.attachments[0]!.content.equals(attachment)).toBe(true);
    expect(email.envelopeTo).toEqual([to.toLowerCase()]);
    expect((await waitForEmail(hidden)).raw).not.toMatch(/^Bcc:/im);
    const verdict = await dkimVerify(email.raw, { resolver: dkimResolver() });
    expect(verdict.results[0]).toMatchObject({ signingDomain: domain, status: { result: "pass" } });

    const listed = await call(listMessages, { token: account.accessToken, query: { to } });
    expect(listed.body.data.items[0]).toMatchObject({
      id,
      source: "smtp",
      subject: "Receipt over SMTP",
      tags: [{ name: "kind", value: "receipt" }],
    });
    expect(listed.body.data.items[0]!.bcc).toEqual([hidden.toLowerCase()]);
  });

  it("sends the mail of a topic named by X-CES-Topic with each recipient's own List-Unsubscribe, and refuses an unknown topic (554)", async () => {
    const topic = await newTopic(account, { name: "SMTP digest" });
    const [first, second] = [uniqueEmail("smtp-topic-a"), uniqueEmail("smtp-topic-b")];
    const info = await transport(key).sendMail({
      from: `news@${domain}`,
      to: [first, second],
      subject: "Digest over SMTP",
      text: "This week.",
      headers: { "X-CES-Topic": topic.id },
    });
    expect(queuedId(info.response)).toBeTruthy();
    const [one, two] = [await copyFor(first), await copyFor(second)];
    expect(one.raw).not.toMatch(/^X-CES-Topic:/im);
    expect(unsubscribeLinksIn(one.raw).token).not.toBe(unsubscribeLinksIn(two.raw).token);
    expect(one.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const verdict = await dkimVerify(one.raw, { resolver: dkimResolver() });
    expect(verdict.results[0]).toMatchObject({ signingDomain: domain, status: { result: "pass" } });

    const stranger = await createAccount();
    const theirs = await newTopic(stranger);
    for (const [value, reply] of [
      [theirs.id, /^554 5\.6\.0 X-CES-Topic names no topic of this account/],
      ["weekly", /^554 5\.6\.0 .*X-CES-Topic is a topic id/],
    ] as const) {
      const refused = await transport(key)
        .sendMail({ from: `news@${domain}`, to: first, subject: "Refused", text: "x", headers: { "X-CES-Topic": value } })
        .catch((error: { response?: string }) => error.response ?? "");
      expect(refused).toMatch(reply);
    }
    const ownHeader = await transport(key)
      .sendMail({
        from: `news@${domain}`,
        to: first,
        subject: "Refused",
        text: "x",
        headers: { "X-CES-Topic": topic.id, "List-Unsubscribe": `<mailto:leave@${domain}>` },
      })
      .catch((error: { response?: string }) => error.response ?? "");
    expect(ownHeader).toMatch(/^554 5\.6\.0 .*gets its List-Unsubscribe from the service/);
  });

  it("answers a resubmission with the same idempotency key with the first message's id, and sends it once", async () => {
    const to = uniqueEmail("smtp-idem");
    const raw = [
      `From: ada@${domain}`,
      `To: ${to}`,
      "Subject: once only",
      `Message-ID: <${randomBytes(8).toString("hex")}@${domain}>`,
      `X-CES-Idempotency-Key: order-${randomBytes(4).toString("hex")}`,
      "",
      "Charge the card once.",
      "",
    ].join("\r\n");
    const first = await transport(key).sendMail({ envelope: { from: `ada@${domain}`, to: [to] }, raw });
    const second = await transport(key).sendMail({ envelope: { from: `ada@${domain}`, to: [to] }, raw });
    expect(queuedId(second.response)).toBe(queuedId(first.response));
    await waitForEmail(to);
    await holdsFor(() => emailsTo(to).length <= 1, 1_500); // no second copy
    expect(emailsTo(to)).toHaveLength(1);
    const listed = await call(listMessages, { token: account.accessToken, query: { to } });
    expect(listed.body.data.pagination.total).toBe(1);
    // Other bytes under the same key are refused.
    const changed = transport(key).sendMail({ envelope: { from: `ada@${domain}`, to: [to] }, raw: raw.replace("once only", "twice") });
    await expect(changed).rejects.toMatchObject({ responseCode: 554 });
  });

  it("accepts bare LF line ends and delivers the message with CRLF", async () => {
    const to = uniqueEmail("smtp-lf");
    const dialogue = await authenticatedDialogue(key);
    await dialogue.send(`MAIL FROM:<ada@${domain}>\r\n`);
    await dialogue.send(`RCPT TO:<${to}>\r\n`);
    await dialogue.send("DATA\r\n");
    // Only the final dot needs CRLF around it (that is how SMTP ends DATA); every other line ends in a bare LF.
    dialogue.write(`From: ada@${domain}\nTo: ${to}\nSubject: bare LF\n\nline one\nline two`);
    const reply = await dialogue.send("\r\n.\r\n");
    expect(reply.code).toBe(250);
    dialogue.end();
    const email = await waitForEmail(to);
    expect(email.raw).not.toMatch(/[^\r]\n/);
    expect(email.text.trim()).toBe("line one\nline two");
  });

  it("sends many messages over one pooled connection and over implicit TLS", async () => {
    const pooled = transport(key, { pool: true });
    const recipients = Array.from({ length: 20 }, () => uniqueEmail("smtp-pool"));
    const infos = await Promise.all(
      recipients.map((to, index) => pooled.sendMail({ from: `ada@${domain}`, to, subject: `Pooled ${index}`, text: "x" })),
    );
    pooled.close();
    expect(new Set(infos.map((info) => queuedId(info.response))).size).toBe(20);
    await Promise.all(recipients.map((to) => waitForEmail(to)));
    const secure = await transport(key, { implicitTls: true }).sendMail({
      from: `ada@${domain}`,
      to: uniqueEmail("smtp-tls"),
      subject: "Implicit TLS",
      text: "x",
    });
    expect(queuedId(secure.response)).toBeTruthy();
  });

  it("answers 500 messages sent over one pooled nodemailer connection with 500 × 250, and stores, queues and charges all 500", async () => {
    // An account and key of its own: the 500 count against its quota and its key's per-minute limit (600) only.
    const owner = await createAccount();
    const ownDomain = (await verifiedDomain(owner, "smtp")).name;
    const ownKey = (await newApiKey(owner, { scope: "sending" })).secret;
    const pooled = nodemailer.createTransport({
      host: "127.0.0.1",
      port: submission().port,
      requireTLS: true,
      pool: true,
      maxConnections: 1,
      maxMessages: Number.POSITIVE_INFINITY,
      auth: { user: "apikey", pass: ownKey },
      tls: { ca: serverCertificate(), servername: "localhost" },
    });
    const to = uniqueEmail("smtp-pipelined");
    const infos = await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        pooled.sendMail({ from: `news@${ownDomain}`, to, subject: `Pipelined ${index}`, text: `message ${index}` }),
      ),
    );
    pooled.close();
    expect(infos.filter((info) => /^250 /.test(info.response)).length).toBe(500);
    const ids = infos.map((info) => queuedId(info.response));
    expect(new Set(ids).size).toBe(500);
    const stored = await sql<{ id: string; subject: string }>(
      "select m.id, m.subject from messages m join message_contents c on c.message_id = m.id where m.account_id = $1 and m.source = 'smtp'",
      [owner.user.id],
    );
    expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(new Set(stored.map((row) => row.subject)).size).toBe(500);
    const jobs = await sql<{ count: string }>(
      "select count(*) from pgboss.job where name = 'message.deliver' and data->>'messageId' = any($1::text[])",
      [ids],
    );
    expect(Number(jobs[0]!.count)).toBe(500);
    const usage = await sql<{ used: string }>("select used from message_usage where account_id = $1", [owner.user.id]);
    expect(Number(usage[0]!.used)).toBe(500);
  }, 180_000);

  it("answers 554 5.7.0 once the period's quota is used up, and stores nothing", async () => {
    const owner = await createAccount();
    const ownDomain = (await verifiedDomain(owner, "smtp")).name;
    const ownKey = (await newApiKey(owner)).secret;
    const first = await transport(ownKey).sendMail({ from: `a@${ownDomain}`, to: uniqueEmail("quota"), subject: "first", text: "x" });
    expect(queuedId(first.response)).toBeTruthy();
    // The free plan's 3,000 emails of the period, used up (the counter the first send created).
    await sql("update message_usage set used = 3000 where account_id = $1", [owner.user.id]);
    await expect(
      transport(ownKey).sendMail({ from: `a@${ownDomain}`, to: uniqueEmail("quota"), subject: "over", text: "x" }),
    ).rejects.toMatchObject({
      responseCode: 554,
      response: expect.stringContaining("5.7.0 Sending quota exhausted"),
    });
    const stored = await sql<{ count: string }>("select count(*) from messages where account_id = $1", [owner.user.id]);
    expect(stored[0]!.count).toBe("1");
  });

  it("refuses a From header outside the key's domains even when MAIL FROM is allowed", async () => {
    const dialogue = await authenticatedDialogue(key);
    await dialogue.send(`MAIL FROM:<ada@${domain}>\r\n`);
    await dialogue.send("RCPT TO:<victim@example.com>\r\n");
    await dialogue.send("DATA\r\n");
    dialogue.write("From: ceo@victim-bank.test\r\nTo: victim@example.com\r\nSubject: spoof\r\n\r\nhi\r\n");
    const reply = await dialogue.send(".\r\n");
    expect(reply.code).toBe(553);
    expect(reply.text).toMatch(/^5\.7\.1 /);
    dialogue.end();
  });
});
