// Writing mail in the webmail API: send (compose, reply, forward, as an
// alias), drafts (save, replace, resume), and the copy in Sent linked to its
// sending message; checked against what Dovecot holds, read over IMAP with a
// mail client's own session, and what the other hosted mailbox received.
import { createHash, randomBytes } from "node:crypto";
import { type ParsedMail, simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { replaceMailboxDraft, saveMailboxDraft, sendFromMailbox } from "@/shared/api/endpoints/mailbox-compose";
import { getMailboxMessage, listMailboxMessages } from "@/shared/api/endpoints/mailbox-messages";
import { listMessages } from "@/shared/api/endpoints/messages";
import { call } from "../support/api-client";
import { verifiedDomain } from "../support/domains";
import { createAccount, type TestAccount } from "../support/factories";
import { imapClient, newAlias, newMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { eventually } from "../support/poll";
import { settledMessage } from "../support/sending";
import { queuedId, submissionTransport } from "../support/submission-client";
import { deliverText } from "../support/webmail";

type Stored = { flags: string[]; parsed: ParsedMail };

/** What a mail client sees in a folder of the mailbox: each message's flags and its parsed source. */
async function overImap(mailbox: TestMailbox, folder: string): Promise<Stored[]> {
  const client = imapClient(mailbox.address, mailbox.password);
  await client.connect();
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      if (!client.mailbox || client.mailbox.exists === 0) return [];
      const messages = await client.fetchAll("1:*", { flags: true, source: true });
      return Promise.all(
        messages.map(async (message) => ({ flags: [...(message.flags ?? [])].sort(), parsed: await simpleParser(message.source!) })),
      );
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

const sha256 = (content: Buffer | string) =>
  createHash("sha256")
    .update(typeof content === "string" ? Buffer.from(content, "base64") : content)
    .digest("hex");

let account: TestAccount;
let ada: TestMailbox;
let grace: TestMailbox;
let domainName: string;
/** The message Ada received, which she answers and forwards. */
let originalId: string;
const figures = randomBytes(3000);

const list = (mailbox: TestMailbox, query: Record<string, string | number> = {}) =>
  call(listMailboxMessages, { token: account.accessToken, params: { mailbox_id: mailbox.id }, query });
const send = (body: Record<string, unknown>, options: { token?: string; mailbox?: TestMailbox; headers?: Record<string, string> } = {}) =>
  call(sendFromMailbox, {
    token: options.token ?? account.accessToken,
    params: { mailbox_id: (options.mailbox ?? ada).id },
    body,
    headers: options.headers,
  });
const readMessage = (mailbox: TestMailbox, messageId: string) =>
  call(getMailboxMessage, { token: account.accessToken, params: { mailbox_id: mailbox.id, message_id: messageId } });

/** The one message of that subject in Grace's INBOX, once the delivery put it there. */
async function receivedByGrace(subject: string): Promise<string> {
  const page = await eventually(
    () => list(grace, { q: subject }),
    (answer) => answer.body.data.items.some((item) => item.subject === subject),
    { timeoutMs: 20_000, what: `"${subject}" in ${grace.address}` },
  );
  return page.body.data.items.find((item) => item.subject === subject)!.id;
}

beforeAll(async () => {
  account = await createAccount();
  const domain = await verifiedDomain(account, "wmsend");
  domainName = domain.name;
  ada = await newMailbox(account, domain, { local: "ada" });
  grace = await newMailbox(account, domain, { local: "grace" });
  await newAlias(account, `sales@${domainName}`, [ada.address]);
  await deliverText(ada.address, {
    from: `Grace <${grace.address}>`,
    subject: "Lunch on Friday",
    text: "Shall we try the pelican bistro? Figures attached.",
    messageId: "<lunch-2@example.org>",
    headers: { References: "<lunch-1@example.org>", "In-Reply-To": "<lunch-1@example.org>" },
    files: [{ filename: "figures.bin", content: figures, contentType: "application/octet-stream" }],
  });
  originalId = (await list(ada, { q: "pelican" })).body.data.items[0]!.id;
});

describe("sending from a mailbox", () => {
  it("replies through the pipeline: threaded, delivered to another hosted mailbox, its copy in Sent showing the delivery", async () => {
    const sent = await send({
      to: grace.address,
      subject: "Re: Lunch on Friday",
      html: "<p>Noon <b>works</b>.</p>",
      inReplyTo: originalId,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({ from: ada.address, to: [grace.address], status: "queued", sentCopyId: expect.any(String) });
    // Written only in HTML: the plain-text alternative was made from it.
    expect(sent.body.data.text).toBe("Noon works.");
    const delivered = await settledMessage(account.accessToken, sent.body.data.id);
    expect(delivered.status).toBe("delivered");
    // The message log names the door and the route: the webmail, straight into a mailbox here.
    expect(delivered).toMatchObject({ source: "webmail", deliveredVia: "mailbox" });

    const replyId = await receivedByGrace("Re: Lunch on Friday");
    const [received] = (await overImap(grace, "INBOX")).filter((entry) => entry.parsed.subject === "Re: Lunch on Friday");
    expect(received!.parsed.inReplyTo).toBe("<lunch-2@example.org>");
    expect(received!.parsed.references).toEqual(["<lunch-1@example.org>", "<lunch-2@example.org>"]);
    expect(received!.parsed.text?.trim()).toBe("Noon works.");
    expect(received!.parsed.headers.get("dkim-signature")).toBeDefined();
    // One conversation in both mailboxes.
    expect((await readMessage(grace, replyId)).body.data.threadId).toBe((await readMessage(ada, originalId)).body.data.threadId);

    const [copy] = await overImap(ada, "Sent");
    expect(copy!.flags).toContain("\\Seen");
    expect(copy!.parsed.headers.get("x-ces-message-id")).toBe(sent.body.data.id);
    expect(copy!.parsed.inReplyTo).toBe("<lunch-2@example.org>");

    const sentList = await list(ada, { folder: "Sent" });
    expect(sentList.body.data.items).toHaveLength(1);
    expect(sentList.body.data.items[0]).toMatchObject({
      id: sent.body.data.sentCopyId,
      sendingMessageId: sent.body.data.id,
      delivery: { status: "delivered", recipients: [{ email: grace.address, status: "delivered" }] },
    });
    const opened = await readMessage(ada, sent.body.data.sentCopyId!);
    expect(opened.body.data).toMatchObject({ folder: "Sent", sendingMessageId: sent.body.data.id, delivery: { status: "delivered" } });
    // Outside Sent, nothing links to a sending message (the copy Grace received carries the same header).
    expect((await readMessage(grace, replyId)).body.data).toMatchObject({ sendingMessageId: null, delivery: null });
  });

  it("forwards as an alias with the original's attachments byte for byte, and its own", async () => {
    const extra = randomBytes(700);
    const sent = await send({
      from: `Sales <sales@${domainName}>`,
      to: [grace.address],
      subject: "Fwd: Lunch on Friday",
      text: "Forwarding the figures.",
      forwardOf: originalId,
      attachments: [{ filename: "extra.bin", content: extra.toString("base64") }],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.from).toBe(`Sales <sales@${domainName}>`);
    expect(sent.body.data.attachments.map((file) => [file.filename, file.sha256])).toEqual([
      ["extra.bin", sha256(extra)],
      ["figures.bin", sha256(figures)],
    ]);
    const forwarded = await readMessage(grace, await receivedByGrace("Fwd: Lunch on Friday"));
    expect(forwarded.body.data.from).toBe(`Sales <sales@${domainName}>`);
    expect(forwarded.body.data.attachments.map((file) => [file.filename, sha256(file.content)])).toEqual([
      ["extra.bin", sha256(extra)],
      ["figures.bin", sha256(figures)],
    ]);
    // A forward is no reply.
    expect(forwarded.body.data.headers.some((header) => header.name.toLowerCase() === "in-reply-to")).toBe(false);
  });
});

describe("drafts", () => {
  it("saves to Drafts, replaces, resumes and sends: the draft is gone, the retry replays", async () => {
    const token = account.accessToken;
    const params = { mailbox_id: ada.id };
    const fields = { to: grace.address, bcc: ["audit@example.test"], subject: "Re: Lunch on Friday (plan)", inReplyTo: originalId };
    const saved = await call(saveMailboxDraft, { token, params, body: { ...fields, text: "First thoughts" } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const first = saved.body.data.id;
    let drafts = await overImap(ada, "Drafts");
    expect(drafts.map((entry) => entry.parsed.subject)).toEqual(["Re: Lunch on Friday (plan)"]);
    expect(drafts[0]!.flags).toEqual(expect.arrayContaining(["\\Draft", "\\Seen"]));
    expect(drafts[0]!.parsed.inReplyTo).toBe("<lunch-2@example.org>");

    const replaced = await call(replaceMailboxDraft, {
      token,
      params: { ...params, draft_id: first },
      body: { ...fields, text: "Noon, then." },
    });
    expect(replaced.status).toBe(200);
    const second = replaced.body.data.id;
    expect(second).not.toBe(first);
    expect((await readMessage(ada, first)).status).toBe(404);
    drafts = await overImap(ada, "Drafts");
    expect(drafts.map((entry) => entry.parsed.text?.trim())).toEqual(["Noon, then."]);

    const resumed = await readMessage(ada, second);
    expect(resumed.body.data).toMatchObject({
      folder: "Drafts",
      to: [grace.address],
      bcc: ["audit@example.test"],
      subject: "Re: Lunch on Friday (plan)",
      draft: { inReplyTo: originalId, forwardOf: null },
      sendingMessageId: null,
    });
    expect(resumed.body.data.text?.trim()).toBe("Noon, then.");

    const body = { ...fields, text: resumed.body.data.text!, draftId: second };
    const headers = { "idempotency-key": `draft-${randomBytes(6).toString("hex")}` };
    const sent = await send(body, { headers });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await overImap(ada, "Drafts")).toEqual([]);
    expect((await readMessage(ada, second)).status).toBe(404);
    const copies = (await overImap(ada, "Sent")).filter((entry) => entry.parsed.headers.get("x-ces-message-id") === sent.body.data.id);
    expect(copies).toHaveLength(1);
    // The copy names the blind copy the sent message left out.
    expect(copies[0]!.parsed.bcc).toMatchObject({ value: [{ address: "audit@example.test" }] });
    expect((await readMessage(ada, sent.body.data.sentCopyId!)).body.data.bcc).toEqual(["audit@example.test"]);

    const retried = await send(body, { headers });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(retried.body.data).toMatchObject({ id: sent.body.data.id, sentCopyId: sent.body.data.sentCopyId });
    expect(
      (await overImap(ada, "Sent")).filter((entry) => entry.parsed.headers.get("x-ces-message-id") === sent.body.data.id),
    ).toHaveLength(1);
  });

  it("keeps an empty draft, and a forward's draft names what it forwards", async () => {
    const empty = await call(saveMailboxDraft, { token: account.accessToken, params: { mailbox_id: ada.id }, body: {} });
    expect(empty.status).toBe(201);
    expect((await readMessage(ada, empty.body.data.id)).body.data).toMatchObject({ folder: "Drafts", to: [], subject: null });
    const forward = await call(saveMailboxDraft, {
      token: account.accessToken,
      params: { mailbox_id: ada.id },
      body: { subject: "Fwd: Lunch on Friday", forwardOf: originalId },
    });
    expect((await readMessage(ada, forward.body.data.id)).body.data.draft).toEqual({ inReplyTo: null, forwardOf: originalId });
  });
});

describe("a full mailbox", () => {
  it("answers a draft that does not fit with 409 mailbox_full, and keeps what it holds", async () => {
    const owner = await createAccount();
    const small = await newMailbox(owner, await verifiedDomain(owner, "wmfull"), { quotaMb: 1 });
    // Nearly a megabyte of mail first: the draft below then goes over the quota.
    await deliverText(small.address, { subject: "Big one", files: [{ filename: "big.bin", content: randomBytes(700 * 1024) }] });
    const params = { mailbox_id: small.id };
    const draft = await call(saveMailboxDraft, {
      token: owner.accessToken,
      params,
      body: { subject: "Too much", text: "x".repeat(400 * 1024) },
    });
    expect(draft.status).toBe(409);
    expect(draft.error?.code).toBe("mailbox_full");
    expect(draft.body.message).toMatch(/mailbox is full/);
    const listed = await call(listMailboxMessages, { token: owner.accessToken, params, query: {} });
    expect(listed.body.data.items.map((item) => item.subject)).toEqual(["Big one"]);
  });
});

describe("one Idempotency-Key", () => {
  it("sends once when two requests carry it at the same time (a double click): one message, one copy in Sent", async () => {
    const before = (await call(listMessages, { token: account.accessToken })).body.data.pagination.total;
    const body = { to: grace.address, subject: `Twice clicked ${randomBytes(3).toString("hex")}`, text: "Once, please." };
    const headers = { "idempotency-key": `double-${randomBytes(6).toString("hex")}` };
    const [first, second] = await Promise.all([send(body, { headers }), send(body, { headers })]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.sentCopyId).toBe(first.body.data.sentCopyId);
    expect([first.headers.get("idempotent-replayed"), second.headers.get("idempotent-replayed")]).toContain("true");
    expect((await call(listMessages, { token: account.accessToken })).body.data.pagination.total).toBe(before + 1);
    const copies = (await overImap(ada, "Sent")).filter((entry) => entry.parsed.subject === body.subject);
    expect(copies).toHaveLength(1);
  });
});

describe("refusals", () => {
  it("answers 400 naming the field, and sends nothing", async () => {
    const before = (await call(listMessages, { token: account.accessToken })).body.data.pagination.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: "x", text: "x" }, "to"],
      [{ to: grace.address, subject: "x" }, "text"],
      [{ to: grace.address, text: "x" }, "subject"],
      [{ to: "not an address", subject: "x", text: "x" }, "to"],
      [{ to: grace.address, subject: "x", text: "x", from: `someone@${domainName}` }, "from"],
      [{ to: grace.address, subject: "x", text: "x", from: "ada@elsewhere.example" }, "from"],
      [{ to: grace.address, subject: "x", text: "x", inReplyTo: originalId, forwardOf: originalId }, "forwardOf"],
      [
        { to: grace.address, subject: "x", text: "x", attachments: [{ filename: "a.bin", content: "not base64!" }] },
        "attachments.0.content",
      ],
      [{ to: grace.address, subject: "x", text: "x", priority: "high" }, ""],
    ];
    for (const [body, path] of cases) {
      const answer = await send(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.error?.code).toBe("validation_error");
      expect(answer.error?.errors?.map((error) => error.path) ?? [], JSON.stringify(body)).toContain(path);
    }
    const draftCases: [Record<string, unknown>, string][] = [
      [{ subject: "two\nlines" }, "subject"],
      [{ to: "nobody" }, "to"],
      [{ from: `someone@${domainName}` }, "from"],
      [{ draftId: originalId }, ""],
    ];
    for (const [body, path] of draftCases) {
      const saved = await call(saveMailboxDraft, { token: account.accessToken, params: { mailbox_id: ada.id }, body });
      expect(saved.status, JSON.stringify(body)).toBe(400);
      expect(saved.error?.errors?.map((error) => error.path) ?? [], JSON.stringify(body)).toContain(path);
      const replaced = await call(replaceMailboxDraft, {
        token: account.accessToken,
        params: { mailbox_id: ada.id, draft_id: originalId },
        body,
      });
      expect(replaced.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(listMessages, { token: account.accessToken })).body.data.pagination.total).toBe(before);
  });

  it("answers 401 without a session, 404 for another account's mailbox or messages and for ids that are no draft", async () => {
    const body = { to: grace.address, subject: "x", text: "x" };
    expect((await call(sendFromMailbox, { params: { mailbox_id: ada.id }, body })).status).toBe(401);
    expect((await call(saveMailboxDraft, { params: { mailbox_id: ada.id }, body })).status).toBe(401);
    expect((await call(replaceMailboxDraft, { params: { mailbox_id: ada.id, draft_id: originalId }, body })).status).toBe(401);

    const stranger = await createAccount();
    const strangers = await newMailbox(stranger, await verifiedDomain(stranger, "wmstranger"));
    const foreign = { token: stranger.accessToken };
    expect((await send(body, foreign)).status).toBe(404);
    expect((await call(saveMailboxDraft, { ...foreign, params: { mailbox_id: ada.id }, body })).status).toBe(404);
    expect((await call(replaceMailboxDraft, { ...foreign, params: { mailbox_id: ada.id, draft_id: originalId }, body })).status).toBe(404);
    // Ada's message ids mean nothing in another account's mailbox, nor in Grace's.
    for (const refs of [{ inReplyTo: originalId }, { forwardOf: originalId }, { draftId: originalId }]) {
      const answer = await send({ ...body, ...refs }, { ...foreign, mailbox: strangers });
      expect(answer.status, JSON.stringify(refs)).toBe(404);
      expect((await send({ ...body, ...refs }, { mailbox: grace })).status).toBe(404);
    }
    expect((await call(listMessages, foreign)).body.data.pagination.total).toBe(0);
    // A message outside Drafts is no draft: neither sent with nor replaced.
    expect((await send({ ...body, draftId: originalId })).status).toBe(404);
    const replaced = await call(replaceMailboxDraft, {
      token: account.accessToken,
      params: { mailbox_id: ada.id, draft_id: originalId },
      body: { subject: "x" },
    });
    expect(replaced.status).toBe(404);
    expect((await readMessage(ada, originalId)).body.data.folder).toBe("INBOX");
    expect((await send({ ...body, inReplyTo: "bm8tc3VjaA" })).status).toBe(404);
  });
});

describe("a mail client's copy in Sent", () => {
  /** What a mail client does: submits over SMTP, then stores its own copy in Sent over IMAP. */
  async function sendLikeAClient(mailbox: TestMailbox, owner: TestAccount, messageId: string, subject: string) {
    const info = await submissionTransport(mailbox.address, mailbox.password).sendMail({
      from: mailbox.address,
      to: grace.address,
      subject,
      text: "Sent from a mail client.",
      messageId,
    });
    const id = queuedId(info.response);
    expect(id).toBeTruthy();
    await settledMessage(owner.accessToken, id!);
    return id!;
  }
  async function appendToSent(mailbox: TestMailbox, messageId: string, subject: string) {
    const client = imapClient(mailbox.address, mailbox.password);
    await client.connect();
    try {
      const raw = `From: ${mailbox.address}\r\nTo: ${grace.address}\r\nSubject: ${subject}\r\nMessage-ID: ${messageId}\r\nDate: ${new Date().toUTCString()}\r\n\r\nSent from a mail client.\r\n`;
      await client.append("Sent", raw, ["\\Seen"]);
    } finally {
      await client.logout();
    }
  }

  it("is linked by its Message-ID to what the client submitted over SMTP, and only within the mailbox's account", async () => {
    // An account of its own (Ada's has the free plan's two mailboxes).
    const owner = await createAccount();
    const lin = await newMailbox(owner, await verifiedDomain(owner, "wmclient"), { local: "lin" });
    const tag = randomBytes(4).toString("hex");
    const ownId = `<client-${tag}@example.org>`;
    const sendingId = await sendLikeAClient(lin, owner, ownId, `Client ${tag}`);
    await appendToSent(lin, ownId, `Client ${tag}`);

    // Ada's account submits the Message-ID Lin's next copy carries: not Lin's account's to see.
    const sharedId = `<shared-${tag}@example.org>`;
    await sendLikeAClient(ada, account, sharedId, `Ada ${tag}`);
    await appendToSent(lin, sharedId, `Copied ${tag}`);
    await appendToSent(lin, `<unknown-${tag}@example.org>`, `Unknown ${tag}`);

    const params = { mailbox_id: lin.id };
    const items = (await call(listMailboxMessages, { token: owner.accessToken, params, query: { folder: "Sent" } })).body.data.items;
    const bySubject = (subject: string) => items.find((item) => item.subject === subject);
    expect(bySubject(`Client ${tag}`)).toMatchObject({
      sendingMessageId: sendingId,
      delivery: { status: "delivered", recipients: [{ email: grace.address, status: "delivered" }] },
    });
    for (const subject of [`Copied ${tag}`, `Unknown ${tag}`]) {
      expect(bySubject(subject)).toMatchObject({ sendingMessageId: null, delivery: null });
    }
    const opened = await call(getMailboxMessage, {
      token: owner.accessToken,
      params: { ...params, message_id: bySubject(`Client ${tag}`)!.id },
    });
    expect(opened.body.data).toMatchObject({ sendingMessageId: sendingId, delivery: { status: "delivered" } });
  });
});
