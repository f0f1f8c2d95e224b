// The sending pipeline against real SMTP servers (smtp-server) on loopback:
// pooled hand-off, temporary and permanent refusals per recipient, a server
// dropping the connection mid-DATA, attachments arriving intact and DKIM
// verified by an independent verifier (mailauth), batches (all or nothing,
// and the quota charged exactly once under concurrency), scheduled messages
// and their cancellation, and the size limits.
import { createHash, randomBytes } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getSubscription } from "@/shared/api/endpoints/billing";
import { cancelMessage, getMessage, listMessages, sendMessage, sendMessageBatch } from "@/shared/api/endpoints/messages";
import { createSmtpRelay } from "@/shared/api/endpoints/smtp-relays";
import { call, request } from "../support/api-client";
import { rawExchange } from "../support/raw-http";
import { sql } from "../support/database";
import { dnsControl } from "../support/dns-server";
import { createAccount, uniqueEmail } from "../support/factories";
import { emailsTo, waitForEmail } from "../support/captured-email";
import { dkimResolver, settledMessage } from "../support/sending";
import { eventually, holdsFor, until } from "../support/poll";
import { verifiedDomain } from "../support/domains";

const _dns = () => dnsControl(inject("dnsControlUrl"));

/** Waits until the message leaves the given transient statuses. */
const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");

type Received = { envelopeTo: string[]; raw: string; messageId: string; connection: string };

/**
 * A customer relay that records every message and connection, and misbehaves
 * on request by recipient: `greylist-*` gets 451 on the first try, `reject-*`
 * 550, and a message to `drop-*` has its connection cut mid-DATA once.
 */
function startRelay() {
  const received: Received[] = [];
  const connections = new Set<string>();
  const greylisted = new Set<string>();
  const dropped = new Set<string>();
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    onConnect(session, done) {
      connections.add(session.id);
      done();
    },
    onRcptTo(address, _session, done) {
      const rcpt = address.address;
      if (rcpt.startsWith("reject")) return done(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
      if (rcpt.startsWith("greylist") && !greylisted.has(rcpt)) {
        greylisted.add(rcpt);
        return done(Object.assign(new Error("4.7.1 Greylisted, try again later"), { responseCode: 451 }));
      }
      done();
    },
    onData(stream, session, done) {
      const rcpts = session.envelope.rcptTo.map((entry) => entry.address);
      const drop = rcpts.find((rcpt) => rcpt.startsWith("drop") && !dropped.has(rcpt));
      if (drop) {
        dropped.add(drop);
        stream.once("data", () => {
          // Cut the TCP connection in the middle of the message.
          for (const connection of (server as unknown as { connections: Set<{ id: string; _socket: { destroy: () => void } }> })
            .connections) {
            if (connection.id === session.id) connection._socket.destroy();
          }
        });
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString();
        received.push({ envelopeTo: rcpts, raw, messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? "", connection: session.id });
        done();
      });
    },
  });
  return {
    received,
    connections,
    server,
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("delivery through a customer's relay", () => {
  const relay = startRelay();
  let port = 0;
  beforeAll(async () => {
    port = await relay.listen();
  });
  afterAll(() => relay.close());

  async function accountWithRelay() {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "pipe");
    const created = await call(createSmtpRelay, {
      token: account.accessToken,
      body: { name: "MTA", smtp_host: "127.0.0.1", smtp_port: port, encryption: "none" },
    });
    expect(created.body.data.is_default, JSON.stringify(created.body)).toBe(true);
    return { account, domain };
  }

  it("delays only the messages of an account whose relay password cannot be opened; the rest of the batch is delivered", async () => {
    const healthy = await accountWithRelay();
    const broken = await createAccount();
    const brokenDomain = await verifiedDomain(broken, "pipe");
    const relayCreated = await call(createSmtpRelay, {
      token: broken.accessToken,
      body: { name: "Sealed", smtp_host: "127.0.0.1", smtp_port: port, encryption: "none", smtp_username: "u", smtp_password: "p" },
    });
    // As if the key that sealed it had left ENCRYPTION_KEYS.
    await sql("update smtp_relays set password_sealed = 'v1.gone.AAAA' where id = $1", [relayCreated.body.data.id]);
    // The same due time: the worker takes both jobs in one batch.
    const scheduledAt = new Date(Date.now() + 4_000).toISOString();
    const [good, bad] = await Promise.all([
      call(sendMessage, {
        token: healthy.account.accessToken,
        body: { from: `a@${healthy.domain.name}`, to: uniqueEmail("batchmate"), subject: "Fine", text: "x", scheduledAt },
      }),
      call(sendMessage, {
        token: broken.accessToken,
        body: { from: `a@${brokenDomain.name}`, to: uniqueEmail("sealed"), subject: "Waits", text: "x", scheduledAt },
      }),
    ]);
    const delivered = await settledMessage(healthy.account.accessToken, good.body.data.id);
    expect(delivered).toMatchObject({ status: "sent", deliveredVia: "relay", attempts: 1 });
    const waiting = await eventually(
      async () => (await call(getMessage, { token: broken.accessToken, params: { message_id: bad.body.data.id } })).body.data,
      (message) => message.events.some((entry) => entry.type === "delivery_delayed"),
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    expect(waiting.status).toBe("queued");
    const delay = waiting.events.find((entry) => entry.type === "delivery_delayed");
    expect(delay?.detail.diagnostic).toBe('the password of relay "Sealed" cannot be opened');
  }, 40_000);

  it("hands many messages over a few reused connections, each DKIM-signed once", async () => {
    const { account, domain } = await accountWithRelay();
    const before = relay.connections.size;
    const recipients = Array.from({ length: 60 }, () => uniqueEmail("pooled"));
    const batch = await call(sendMessageBatch, {
      token: account.accessToken,
      body: {
        messages: recipients.map((to, index) => ({ from: `news@${domain.name}`, to, subject: `Pooled ${index}`, html: `<p>${index}</p>` })),
      },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    expect(batch.body.data.items.map((item) => item.to[0])).toEqual(recipients);
    await until(() => relay.received.filter((entry) => recipients.includes(entry.envelopeTo[0]!)).length >= 60, 30_000, 100);
    const ours = relay.received.filter((entry) => recipients.includes(entry.envelopeTo[0]!));
    expect(ours).toHaveLength(60);
    // The pool keeps at most 4 connections per relay (per job worker process).
    expect(new Set(ours.map((entry) => entry.connection)).size).toBeLessThanOrEqual(4);
    expect(relay.connections.size - before).toBeLessThanOrEqual(4);
    const signatures = ours[0]!.raw.match(/^DKIM-Signature:/gim) ?? [];
    expect(signatures).toHaveLength(1);
    const verdict = await dkimVerify(ours[0]!.raw, { resolver: dkimResolver() });
    expect(verdict.results[0]).toMatchObject({ signingDomain: domain.name, status: { result: "pass" } });
    const message = await settledMessage(account.accessToken, batch.body.data.items[0]!.id);
    expect(message).toMatchObject({ status: "sent", deliveredVia: "relay", attempts: 1 });
  });

  it("bounces only the recipient a server refuses with 550; the other two get the message", async () => {
    const { account, domain } = await accountWithRelay();
    const [first, third] = [uniqueEmail("ok1"), uniqueEmail("ok3")];
    const refused = `reject-${randomBytes(3).toString("hex")}@example.org`;
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `a@${domain.name}`, to: [first, refused, third], subject: "Three", text: "x" },
    });
    const message = await settledMessage(account.accessToken, sent.body.data.id);
    expect(message.status).toBe("sent");
    const bounced = message.events.filter((event) => event.type === "bounced");
    expect(bounced).toHaveLength(1);
    expect(bounced[0]!.detail).toMatchObject({ bounceType: "hard", recipient: refused, diagnostic: expect.stringContaining("550") });
    expect(message.events.find((event) => event.type === "sent")!.detail).toMatchObject({ recipients: [first, third] });
    // Each recipient's outcome, written with the hand-off's.
    expect(message.recipients.map((entry) => [entry.email, entry.status])).toEqual([
      [first.toLowerCase(), "sent"],
      [refused, "bounced"],
      [third.toLowerCase(), "sent"],
    ]);
    expect(message.recipients[1]!.diagnostic).toContain("550 5.1.1 No such user here");
    // One transaction per recipient (each with its own return path).
    for (const recipient of [first, third])
      expect(relay.received.find((entry) => entry.envelopeTo.includes(recipient))!.envelopeTo).toEqual([recipient]);
  });

  it("retries a recipient greylisted with 451 (delivery_delayed), then delivers once, the same bytes as the first copy", async () => {
    const { account, domain } = await accountWithRelay();
    const to = `greylist-${randomBytes(4).toString("hex")}@example.org`;
    const other = uniqueEmail("first-try");
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `a@${domain.name}`, to: [other, to], subject: "Greylisted", html: "<p>Hello <b>again</b></p>", text: "Hello again" },
    });
    // Built where it is delivered: no size before that, and no stored form.
    expect(sent.body.data.size).toBeNull();
    const [stored] = await sql<{ raw: Buffer | null }>("select raw from message_contents where message_id = $1", [sent.body.data.id]);
    expect(stored!.raw).toBeNull();
    const message = await settledMessage(account.accessToken, sent.body.data.id, 60_000);
    expect(message.status).toBe("sent");
    expect(message.attempts).toBe(2);
    expect(message.events.map((event) => event.type)).toEqual(["queued", "sent", "delivery_delayed", "sent"]);
    expect(message.events[2]!.detail).toMatchObject({ recipients: [to], attempt: 1 });
    const copies = [other, to].map((recipient) => relay.received.filter((entry) => entry.envelopeTo.includes(recipient)));
    expect(copies.map((list) => list.length)).toEqual([1, 1]);
    // Deferred at the first attempt, sent at the second; a relay sends no success report, so it stays sent.
    expect(message.recipients).toContainEqual(expect.objectContaining({ email: to, status: "sent", remoteMta: null }));
    // Built again for the retry, to the very bytes of the first attempt; only the DKIM signature is new.
    // Delivery adds it and Feedback-ID on top of the built message, which `size` counts without them.
    const unsigned = (raw: string) => raw.replace(/^DKIM-Signature:.*\r\n(?:[ \t].*\r\n)*/i, "").replace(/^Feedback-ID: tx:\S+\r\n/im, "");
    const [firstCopy, retriedCopy] = copies.map((list) => unsigned(list[0]!.raw));
    expect(retriedCopy).toBe(firstCopy);
    expect(message.size).toBe(Buffer.byteLength(firstCopy!));
  }, 70_000);

  it("retries a message whose connection dropped mid-DATA and delivers it exactly once", async () => {
    const { account, domain } = await accountWithRelay();
    const to = `drop-${randomBytes(4).toString("hex")}@example.org`;
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `a@${domain.name}`, to, subject: "Dropped", html: `<p>${"x".repeat(20_000)}</p>` },
    });
    const message = await settledMessage(account.accessToken, sent.body.data.id, 60_000);
    expect(message.status).toBe("sent");
    expect(message.events.map((event) => event.type)).toEqual(["queued", "delivery_delayed", "sent"]);
    const copies = relay.received.filter((entry) => entry.envelopeTo.includes(to));
    expect(copies).toHaveLength(1);
  }, 70_000);
});

describe("attachments", () => {
  it("arrive intact (checksums), inline ones with their Content-ID, under a DKIM signature that verifies", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "pipe");
    const to = uniqueEmail("files");
    const pdf = randomBytes(200_000);
    const logo = randomBytes(3_000);
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: {
        from: `docs@${domain.name}`,
        to,
        subject: "Your documents",
        html: '<p>Logo: <img src="cid:logo@acme"></p>',
        text: "See attached.",
        attachments: [
          { filename: "report.pdf", content: pdf.toString("base64") },
          { filename: "logo.png", content: logo.toString("base64"), contentType: "image/png", contentId: "logo@acme" },
        ],
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.attachmentCount).toBe(2);
    expect(sent.body.data.source).toBe("api");
    expect(sent.body.data.attachments).toEqual([
      { filename: "report.pdf", contentType: "application/pdf", size: pdf.length, contentId: null, sha256: sha256(pdf) },
      { filename: "logo.png", contentType: "image/png", size: logo.length, contentId: "logo@acme", sha256: sha256(logo) },
    ]);
    const email = await waitForEmail(to);
    const parsed = await simpleParser(email.raw);
    const byName = new Map(parsed.attachments.map((file) => [file.filename, file]));
    expect(sha256(byName.get("report.pdf")!.content)).toBe(sha256(pdf));
    expect(sha256(byName.get("logo.png")!.content)).toBe(sha256(logo));
    expect(byName.get("logo.png")!.cid).toBe("logo@acme");
    const verdict = await dkimVerify(email.raw, { resolver: dkimResolver() });
    expect(verdict.results[0]).toMatchObject({ signingDomain: domain.name, status: { result: "pass" } });

    const message = await settledMessage(account.accessToken, sent.body.data.id);
    expect(message.attachments).toHaveLength(2);
    // Lists never carry bodies; the raw form is stored apart.
    const listed = await call(listMessages, { token: account.accessToken });
    expect(JSON.stringify(listed.body.data.items[0])).not.toContain("See attached");
    const [stored] = await sql<{ size: number; raw_size: number }>(
      "select m.size, octet_length(c.raw) as raw_size from messages m join message_contents c on c.message_id = m.id where m.id = $1",
      [sent.body.data.id],
    );
    expect(stored!.size).toBe(stored!.raw_size);
  });

  it("refuses an encoded message over 25 MB with 413, and a request body over 36 MiB", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "pipe");
    const big = Buffer.alloc(19_500_000, 7).toString("base64"); // 26 MB of base64
    const tooBig = await call(sendMessage, {
      token: account.accessToken,
      body: {
        from: `a@${domain.name}`,
        to: uniqueEmail(),
        subject: "Big",
        text: "x",
        attachments: [{ filename: "big.bin", content: big }],
      },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.error?.code).toBe("payload_too_large");
    // Declared, not sent: a client still uploading 37 MiB could meet the connection's close before it read the answer.
    const huge = await rawExchange(
      `POST /api/v1/sending/messages HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${account.accessToken}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${37 * 1024 * 1024}\r\n\r\n{"from":"a@${domain.name}","text":"xxxx`,
    );
    expect(huge.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(huge.text).toContain('"code":"payload_too_large"');
    expect(huge.text).toContain("The request body is larger than 36 MiB.");
    const [{ n }] = (await sql<{ n: string }>("select count(*) as n from messages where account_id = $1", [account.user.id])) as [
      { n: string },
    ];
    expect(Number(n)).toBe(0);
    // Other endpoints keep their 64 KiB limit.
    const other = await request("/sending/domains", {
      method: "POST",
      headers: { authorization: `Bearer ${account.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(70 * 1024) }),
    });
    expect(other.status).toBe(413);
  }, 60_000);
});

describe("batch send", () => {
  it("creates nothing when one message is invalid, and reports its path", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "pipe");
    const good = () => ({ from: `a@${domain.name}`, to: uniqueEmail("batch"), subject: "Hi", text: "Hi" });
    const invalid = await call(sendMessageBatch, {
      token: account.accessToken,
      body: { messages: [good(), good(), good(), { ...good(), to: "not an address" }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.error?.errors?.map((error) => error.path)).toContain("messages.3.to");
    const foreign = await call(sendMessageBatch, {
      token: account.accessToken,
      body: { messages: [good(), { ...good(), from: "a@example.com" }] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.error?.errors?.map((error) => error.path)).toEqual(["messages.1.from"]);
    expect((await call(sendMessageBatch, { token: account.accessToken, body: { messages: [] } })).status).toBe(400);
    expect(
      (await call(sendMessageBatch, { token: account.accessToken, body: { messages: Array.from({ length: 101 }, good) } })).status,
    ).toBe(400);
    const [{ n }] = (await sql<{ n: string }>("select count(*) as n from messages where account_id = $1", [account.user.id])) as [
      { n: string },
    ];
    expect(Number(n)).toBe(0);
    expect((await call(sendMessageBatch, { body: { messages: [good()] } })).status).toBe(401);
  });

  it("replays a batch for its Idempotency-Key and refuses the key with another body", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "pipe");
    const body = {
      messages: [1, 2, 3].map((index) => ({ from: `a@${domain.name}`, to: uniqueEmail("idem"), subject: `#${index}`, text: "x" })),
    };
    const headers = { "idempotency-key": `batch-${randomBytes(6).toString("hex")}` };
    const answers = await Promise.all([1, 2, 3].map(() => call(sendMessageBatch, { token: account.accessToken, body, headers })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const ids = answers.map((answer) => answer.body.data.items.map((item) => item.id).join());
    expect(new Set(ids).size).toBe(1);
    expect(answers[0]!.body.data.items.map((item) => item.subject)).toEqual(["#1", "#2", "#3"]);
    const other = await call(sendMessageBatch, { token: account.accessToken, body: { messages: body.messages.slice(1) }, headers });
    expect(other.error?.code).toBe("idempotency_conflict");
    const [{ n }] = (await sql<{ n: string }>("select count(*) as n from messages where account_id = $1", [account.user.id])) as [
      { n: string },
    ];
    expect(Number(n)).toBe(3);
  });

  it("charges the quota exactly once per message when concurrent batches meet the boundary", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "pipe");
    // 2,990 of the free plan's 3,000 emails used this month.
    await sql(
      `insert into messages (id, account_id, domain_id, from_domain, from_header, to_addresses, subject, message_id_header, status)
       select 'msg_fill' || lpad(g::text, 20, '0') || substr($1, 5, 4), $1, $2, $3, 'a@' || $3, '["x@example.org"]', 'old', '<' || g || '@x>', 'sent'
       from generate_series(1, 2990) as g`,
      [account.user.id, domain.domain_id, domain.name],
    );
    const batch = () => ({
      messages: Array.from({ length: 4 }, () => ({ from: `a@${domain.name}`, to: uniqueEmail("q"), subject: "Q", text: "Q" })),
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(sendMessageBatch, { token: account.accessToken, body: batch() })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    // 10 left: two batches of 4 fit, the others (all or nothing) do not.
    expect(statuses).toEqual([201, 201, 402, 402, 402, 402]);
    const singles = await Promise.all(
      Array.from({ length: 4 }, () => call(sendMessage, { token: account.accessToken, body: batch().messages[0]! })),
    );
    expect(singles.map((answer) => answer.status).sort()).toEqual([201, 201, 402, 402]);
    const usage = await call(getSubscription, { token: account.accessToken });
    expect(usage.body.data.emailsUsed).toBe(3000);
    const [{ used }] = (await sql<{ used: string }>("select used from message_usage where account_id = $1", [account.user.id])) as [
      { used: string },
    ];
    expect(Number(used)).toBe(3000);
  });
});

describe("scheduled send", () => {
  it("holds a message until its time, then sends it", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "pipe");
    const to = uniqueEmail("later");
    const scheduledAt = new Date(Date.now() + 5_000).toISOString();
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `a@${domain.name}`, to, subject: "Later", text: "x", scheduledAt },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ status: "scheduled", scheduledAt });
    await holdsFor(() => emailsTo(to).length === 0, 3_000); // not before its time
    expect(emailsTo(to)).toHaveLength(0);
    expect((await call(getMessage, { token: account.accessToken, params: { message_id: sent.body.data.id } })).body.data.status).toBe(
      "scheduled",
    );
    const email = await waitForEmail(to, { timeoutMs: 20_000 });
    expect(new Date(email.receivedAt).getTime()).toBeGreaterThanOrEqual(Date.parse(scheduledAt));
    const message = await settledMessage(account.accessToken, sent.body.data.id);
    expect(message.events.map((event) => event.type)).toEqual(["scheduled", "sent"]);
  }, 40_000);

  it("cancels a scheduled message (its quota given back), and refuses to cancel one that is not scheduled", async () => {
    const [account, other] = await Promise.all([createAccount(), createAccount()]);
    const domain = await verifiedDomain(account, "pipe");
    const to = uniqueEmail("canceled");
    const body = { from: `a@${domain.name}`, to, subject: "Never", text: "x", scheduledAt: new Date(Date.now() + 3_600_000).toISOString() };
    const sent = await call(sendMessage, { token: account.accessToken, body });
    expect((await call(getSubscription, { token: account.accessToken })).body.data.emailsUsed).toBe(1);
    expect((await call(cancelMessage, { token: other.accessToken, params: { message_id: sent.body.data.id } })).status).toBe(404);
    expect((await call(cancelMessage, { params: { message_id: sent.body.data.id } })).status).toBe(401);
    const canceled = await call(cancelMessage, { token: account.accessToken, params: { message_id: sent.body.data.id } });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data.status).toBe("canceled");
    expect(canceled.body.data.events.map((event) => event.type)).toEqual(["scheduled", "canceled"]);
    expect((await call(getSubscription, { token: account.accessToken })).body.data.emailsUsed).toBe(0);
    const again = await call(cancelMessage, { token: account.accessToken, params: { message_id: sent.body.data.id } });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("not_cancelable");
    const now = await call(sendMessage, { token: account.accessToken, body: { ...body, scheduledAt: undefined } });
    expect((await call(cancelMessage, { token: account.accessToken, params: { message_id: now.body.data.id } })).error?.code).toBe(
      "not_cancelable",
    );
  });

  it("refuses a time more than 30 days ahead", async () => {
    const account = await createAccount();
    const response = await call(sendMessage, {
      token: account.accessToken,
      body: {
        from: "a@example.org",
        to: "b@example.org",
        subject: "x",
        text: "x",
        scheduledAt: new Date(Date.now() + 31 * 86_400_000).toISOString(),
      },
    });
    expect(response.error?.errors?.map((error) => error.path)).toContain("scheduledAt");
  });

  it("is safe when a cancel races the send: each message is either canceled and never sent, or sent once and not canceled", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "pipe");
    const at = Date.now() + 3_000;
    const recipients = Array.from({ length: 8 }, () => uniqueEmail("race"));
    const batch = await call(sendMessageBatch, {
      token: account.accessToken,
      body: {
        messages: recipients.map((to) => ({
          from: `a@${domain.name}`,
          to,
          subject: "Race",
          text: "x",
          scheduledAt: new Date(at).toISOString(),
        })),
      },
    });
    expect(batch.status).toBe(201);
    // Cancels spread around the moment the messages become due.
    const cancels = await Promise.all(
      batch.body.data.items.map(async (item, index) => {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now() - 400 + index * 150)));
        return call(cancelMessage, { token: account.accessToken, params: { message_id: item.id } });
      }),
    );
    const messages = await Promise.all(batch.body.data.items.map((item) => settledMessage(account.accessToken, item.id)));
    // Once every message has settled, no copy may come late: none of a canceled one, no second of a sent one.
    await holdsFor(() => recipients.every((to, index) => emailsTo(to).length <= (cancels[index]!.status === 200 ? 0 : 1)), 3_000);
    for (const [index] of batch.body.data.items.entries()) {
      const message = messages[index]!;
      const copies = emailsTo(recipients[index]!);
      if (cancels[index]!.status === 200) {
        expect(message.status).toBe("canceled");
        expect(copies).toHaveLength(0);
      } else {
        expect(cancels[index]!.error?.code).toBe("not_cancelable");
        expect(message.status).toBe("sent");
        expect(copies).toHaveLength(1);
      }
    }
  }, 40_000);
});

describe("an already-built message (the entry point SMTP submission uses)", () => {
  it("is stored as submitted, listed with source smtp, DKIM-signed and delivered with Bcc only in the envelope", async () => {
    // The service runs in this process against the server's database; the server's job worker delivers.
    process.env.DATABASE_URL = inject("databaseUrl");
    const { acceptSubmittedMessage } = await import("@/server/services/messages/accept-submitted-message");
    const { default: MailComposer } = await import("nodemailer/lib/mail-composer");
    const account = await createAccount();
    const domain = await verifiedDomain(account, "pipe");
    const [to, bcc] = [uniqueEmail("smtp-to"), uniqueEmail("smtp-bcc")];
    const raw = await new MailComposer({
      from: `Ada <ada@${domain.name}>`,
      to,
      subject: "Submitted as is",
      text: "Hello from a mail client.",
      headers: { "X-Mailer": "Thunderbird", "List-Unsubscribe": "<mailto:unsubscribe@example.org>" },
      messageId: `<client-${randomBytes(4).toString("hex")}@${domain.name}>`,
    })
      .compile()
      .build();
    // A signed-in caller without an API key (the account row itself is not read).
    const principal = { accountId: account.user.id, account: {} as never, sessionId: null, apiKey: null, credentialExpiresAt: null };
    const accepted = await acceptSubmittedMessage(principal, {
      envelope: { from: `ada@${domain.name}`, to: [to, bcc] },
      raw,
      summary: {
        from: `Ada <ada@${domain.name}>`,
        to: [to],
        cc: [],
        bcc: [bcc],
        replyTo: [],
        subject: "Submitted as is",
        messageIdHeader: "<x@y>",
        text: "Hello from a mail client.",
      },
      source: "smtp",
    });
    expect(accepted).toMatchObject({ source: "smtp", status: "queued", bcc: [bcc], size: raw.length });
    const email = await waitForEmail(to);
    expect(email.envelopeTo).toEqual([to]);
    expect((await waitForEmail(bcc)).envelopeTo).toEqual([bcc]);
    expect(email.raw).not.toContain(bcc);
    expect(email.raw).toContain("X-Mailer: Thunderbird");
    expect(email.raw).toContain("List-Unsubscribe: <mailto:unsubscribe@example.org>");
    const verdict = await dkimVerify(email.raw, { resolver: dkimResolver() });
    expect(verdict.results[0]).toMatchObject({ signingDomain: domain.name, status: { result: "pass" } });
    const listed = await call(listMessages, { token: account.accessToken });
    expect(listed.body.data.items[0]).toMatchObject({ id: accepted.id, source: "smtp" });
    expect((await settledMessage(account.accessToken, accepted.id)).status).toBe("sent");
    // Outside the account's verified domains it is refused like an API send.
    await expect(
      acceptSubmittedMessage(principal, {
        envelope: { from: "a@example.com", to: [to] },
        raw,
        summary: { from: "a@example.com", to: [to], cc: [], bcc: [], replyTo: [], subject: "x", messageIdHeader: "<x@y>" },
        source: "smtp",
      }),
    ).rejects.toMatchObject({ code: "validation_error" });
  });
});
