// The first route of a customer's message (docs/delivery.md, "Routes"): a
// recipient that is a hosted mailbox of this service (of any account) gets
// the message straight over LMTP into Dovecot. Sent through the API of the
// shared test server, read back over IMAP, its outcome read from the API.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { getMessage, sendMessage } from "@/shared/api/endpoints/messages";
import { listEvents } from "@/shared/api/endpoints/events";
import { updateDomainSpamLists, updateMailboxSpamSettings } from "@/shared/api/endpoints/mailbox-spam";
import { call } from "../support/api-client";
import { sql } from "../support/database";
import { verifiedDomain } from "../support/domains";
import { createAccount, type TestAccount } from "../support/factories";
import { imapClient, newAlias, storedMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { inbox } from "../support/mx-client";
import { eventually } from "../support/poll";
import { settledMessage } from "../support/sending";

vi.setConfig({ testTimeout: 90_000 });

const tag = () => randomBytes(4).toString("hex");
const copies = async (box: TestMailbox, subject: string) =>
  (await inbox(imapClient(box.address, box.password))).filter((message) => message.subject === subject);

let sender: TestAccount;
let senderDomain: string;
let owner: TestAccount;
let ownerDomain: { accountId: string; domainId: string; domainName: string };
let ada: TestMailbox;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  sender = await createAccount();
  senderDomain = (await verifiedDomain(sender, "route")).name;
  owner = await createAccount();
  const domain = await verifiedDomain(owner, "hosted");
  ownerDomain = { accountId: owner.user.id, domainId: domain.domain_id, domainName: domain.name };
  ada = await storedMailbox(ownerDomain, { local: "ada" });
});

async function send(to: string[], subject: string, extra: Record<string, unknown> = {}) {
  const sent = await call(sendMessage, {
    token: sender.accessToken,
    body: { from: `news@${senderDomain}`, to, subject, text: "Across the service, not the Internet.", ...extra },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body.data.id;
}

const detailOf = async (messageId: string) =>
  (await call(getMessage, { token: sender.accessToken, params: { message_id: messageId } })).body.data;

describe("a hosted mailbox of another account on this service", () => {
  it("gets the message over LMTP: in the mailbox over IMAP, the recipient delivered by our store, events in both feeds", async () => {
    const subject = `Hosted route ${tag()}`;
    const messageId = await send([ada.address.toUpperCase()], subject);
    const message = await settledMessage(sender.accessToken, messageId, 30_000, ["queued", "scheduled", "sent"]);
    expect(message.status).toBe("delivered");
    const detail = await detailOf(messageId);
    expect(detail.recipients).toEqual([
      expect.objectContaining({
        email: ada.address,
        status: "delivered",
        remoteMta: expect.stringContaining("(mail store, LMTP)"),
        tls: null,
      }),
    ]);

    const [copy, ...more] = await copies(ada, subject);
    expect(more).toHaveLength(0);
    // The copy carries its VERP return path and the one hop it made; it never went through an MX.
    expect(copy!.source).toMatch(
      new RegExp(`^Return-Path: <${messageId}-[0-9a-f]{20}@ces-bounces\\.${senderDomain.replaceAll(".", "\\.")}>`),
    );
    expect(copy!.source).toMatch(new RegExp(`^Received: by \\S+ \\(hosted mailbox delivery\\) id ${messageId};`, "m"));
    expect(copy!.source).toMatch(/^DKIM-Signature: /m);

    const senderFeed = await call(listEvents, { token: sender.accessToken, query: { types: "message.sent,message.delivered" } });
    const mine = senderFeed.body.data.items.filter((event) => event.object.id === messageId);
    expect(mine.map((event) => event.type)).toEqual(["message.sent", "message.delivered"]);
    // The envelope keeps the local part as the sender wrote it.
    expect(mine[0]!.detail).toMatchObject({ via: "mailbox", recipients: [expect.stringMatching(new RegExp(`^${ada.address}$`, "i"))] });
    expect(mine[1]!.detail).toMatchObject({ recipient: ada.address, source: "lmtp", tls: null });
    const ownerFeed = await call(listEvents, { token: owner.accessToken, query: { types: "mailbox.received" } });
    expect(ownerFeed.body.data.items.map((event) => event.detail)).toContainEqual(
      expect.objectContaining({ mailbox: ada.address, subject }),
    );
  });

  it("splits a message between a hosted mailbox and the outside route; the message is sent, not delivered, until both are", async () => {
    const subject = `Split ${tag()}`;
    const outside = `someone-${tag()}@example.org`;
    const messageId = await send([ada.address, outside], subject);
    const message = await settledMessage(sender.accessToken, messageId, 30_000);
    expect(message.status).toBe("sent");
    const detail = await detailOf(messageId);
    expect(detail.recipients.map((recipient) => [recipient.email, recipient.status])).toEqual([
      [ada.address, "delivered"],
      [outside, "sent"],
    ]);
    expect(await copies(ada, subject)).toHaveLength(1);
  });

  it("an alias with one mailbox too full: deferred, then on the retry delivered, and no mailbox gets it twice", async () => {
    const small = await storedMailbox(ownerDomain, { quotaBytes: 600 });
    const pair = `pair-${tag()}@${ownerDomain.domainName}`;
    await newAlias(owner, pair, [small.address, ada.address]);
    const subject = `Too big for one ${tag()}`;
    const messageId = await send([pair], subject, { text: "x".repeat(2_000) });

    const deferred = await eventually(
      () => detailOf(messageId),
      (data) => data.recipients[0]?.status === "deferred",
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    expect(deferred.status).toBe("queued");
    expect(deferred.recipients[0]!.diagnostic).toMatch(/^4\.2\.2 /);
    expect(await copies(ada, subject)).toHaveLength(1);

    await sql("update mailboxes set quota_bytes = 1048576 where id = $1", [small.id]);
    const message = await settledMessage(sender.accessToken, messageId, 60_000, ["queued", "scheduled", "sent"]);
    expect(message.status).toBe("delivered");
    expect(await copies(small, subject)).toHaveLength(1);
    expect(await copies(ada, subject)).toHaveLength(1);
    expect(await sql("select digest from mx_mailbox_deliveries where mailbox = $1", [ada.address])).toEqual([]);
  });

  it("refuses a copy for a mailbox whose block list names the From domain, as the MX would; the alias's other mailbox still gets it", async () => {
    const blocking = await storedMailbox(ownerDomain);
    const blocked = await call(updateMailboxSpamSettings, {
      token: owner.accessToken,
      params: { mailbox_id: blocking.id },
      body: { action: "junk", allow: [], block: [`@${senderDomain}`] },
    });
    expect(blocked.status).toBe(200);

    const refusedSubject = `Blocked ${tag()}`;
    const refused = await send([blocking.address], refusedSubject);
    const bounced = await settledMessage(sender.accessToken, refused, 30_000, ["queued", "scheduled", "sent"]);
    expect(bounced.status).toBe("bounced");
    expect((await detailOf(refused)).recipients).toEqual([
      expect.objectContaining({ email: blocking.address, status: "bounced", diagnostic: expect.stringMatching(/^550 5\.7\.1 /) }),
    ]);
    expect(await copies(blocking, refusedSubject)).toHaveLength(0);

    const pair = `blocked-pair-${tag()}@${ownerDomain.domainName}`;
    await newAlias(owner, pair, [blocking.address, ada.address]);
    const sharedSubject = `Half blocked ${tag()}`;
    const shared = await send([pair], sharedSubject);
    expect((await settledMessage(sender.accessToken, shared, 30_000, ["queued", "scheduled", "sent"])).status).toBe("delivered");
    expect(await copies(ada, sharedSubject)).toHaveLength(1);
    expect(await copies(blocking, sharedSubject)).toHaveLength(0);
  });

  it("refuses a copy for every mailbox of a domain whose lists block the sender, except one whose own allow list names it", async () => {
    const domain = await verifiedDomain(owner, "hosted-lists");
    const listed = { accountId: owner.user.id, domainId: domain.domain_id, domainName: domain.name };
    const [refusing, exempt] = [await storedMailbox(listed), await storedMailbox(listed)];
    const lists = await call(updateDomainSpamLists, {
      token: owner.accessToken,
      params: { domain_id: domain.domain_id },
      body: { block: [`@${senderDomain}`] },
    });
    expect(lists.status).toBe(200);
    const own = await call(updateMailboxSpamSettings, {
      token: owner.accessToken,
      params: { mailbox_id: exempt.id },
      body: { allow: [`news@${senderDomain}`] },
    });
    expect(own.status).toBe(200);

    const subject = `Domain blocked ${tag()}`;
    const messageId = await send([refusing.address, exempt.address], subject);
    // One recipient bounces and one is delivered: each recipient says what happened to it.
    const recipients = await eventually(
      async () => (await detailOf(messageId)).recipients,
      (list) => list.every((recipient) => recipient.status === "bounced" || recipient.status === "delivered"),
      { timeoutMs: 30_000, what: "both recipients settled" },
    );
    expect(recipients).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: refusing.address, status: "bounced", diagnostic: expect.stringMatching(/^550 5\.7\.1 /) }),
        expect.objectContaining({ email: exempt.address, status: "delivered" }),
      ]),
    );
    expect(await copies(refusing, subject)).toHaveLength(0);
    expect(await copies(exempt, subject)).toHaveLength(1);
  });
});
