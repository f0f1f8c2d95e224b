// Hosted mailboxes for browser specs: a mailbox arranged through the API (a
// domain with its ownership record published in the test DNS server, all a
// mailbox needs; every record for mailboxes that send too), mail sent to it
// from outside, through the MX the e2e server listens with on E2E_MX_PORT, the
// way another mail server would, and a mailbox's messages read over the API.
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import nodemailer from "nodemailer";
import { publishRecords } from "../../tests/support/dns-server";
import { signInThroughApi, type TestAccount } from "./accounts";
import { testDns } from "./sending-domains";
import { expect } from "./test";

type Envelope<T> = { data: T };
type DnsRecord = { type: string; name: string; value: string; purpose: string };

/** A domain of the account, its ownership record (or, to send from it too, every record) published and verified. */
async function arrangeDomain(request: APIRequestContext, authorization: string, records: "ownership" | "all") {
  const domain = `inbox-${randomBytes(4).toString("hex")}.example.org`;
  const created = await request.post("/api/v1/sending/domains", { headers: { authorization }, data: { name: domain } });
  expect(created.status(), await created.text()).toBe(201);
  const { domain_id, records: shown } = ((await created.json()) as Envelope<{ domain_id: string; records: DnsRecord[] }>).data;
  await publishRecords(
    testDns(),
    shown.filter((record) => records === "all" || record.purpose === "ownership"),
  );
  const verified = await request.post(`/api/v1/sending/domains/${domain_id}/verify`, { headers: { authorization } });
  expect(verified.status(), await verified.text()).toBe(200);
  return domain;
}

async function createMailbox(request: APIRequestContext, authorization: string, address: string) {
  const mailbox = await request.post("/api/v1/mailboxes", {
    headers: { authorization },
    data: { address, password: `Mailbox-${randomBytes(6).toString("hex")}` },
  });
  expect(mailbox.status(), await mailbox.text()).toBe(201);
  return { address, mailboxId: ((await mailbox.json()) as Envelope<{ id: string }>).data.id };
}

export async function arrangeMailbox(request: APIRequestContext, account: TestAccount, localPart = "ada") {
  const authorization = `Bearer ${await signInThroughApi(request, account)}`;
  const domain = await arrangeDomain(request, authorization, "ownership");
  return { ...(await createMailbox(request, authorization, `${localPart}@${domain}`)), domain };
}

/** Mailboxes on one domain verified for sending too, so they can write to each other; with the token that made them. */
export async function arrangeSendingMailboxes(request: APIRequestContext, account: TestAccount, localParts: string[]) {
  const authorization = `Bearer ${await signInThroughApi(request, account)}`;
  const domain = await arrangeDomain(request, authorization, "all");
  const mailboxes = [];
  for (const localPart of localParts) mailboxes.push(await createMailbox(request, authorization, `${localPart}@${domain}`));
  return { authorization, domain, mailboxes };
}

type MailboxMessageSummary = { id: string; subject: string | null; threadId: string; seen: boolean };
type MailboxMessage = MailboxMessageSummary & { attachments: { filename: string | null; content: string }[] };

/** Waits until a mailbox's folder lists a message with this subject (without reading it: it stays unread). */
export async function waitForMailboxMessage(
  request: APIRequestContext,
  authorization: string,
  mailboxId: string,
  subject: string,
  folder = "INBOX",
) {
  let found: MailboxMessageSummary | undefined;
  await expect(async () => {
    const list = await request.get(`/api/v1/mailboxes/${mailboxId}/messages`, { headers: { authorization }, params: { folder } });
    expect(list.status(), await list.text()).toBe(200);
    found = ((await list.json()) as Envelope<{ items: MailboxMessageSummary[] }>).data.items.find((item) => item.subject === subject);
    expect(found, `“${subject}” in ${folder}`).toBeTruthy();
  }).toPass({ timeout: 30_000 });
  return found!;
}

/** How many messages of a mailbox's folder have this subject (from the first page, 100 newest). */
export async function countMailboxMessages(
  request: APIRequestContext,
  authorization: string,
  mailboxId: string,
  subject: string,
  folder = "INBOX",
) {
  const list = await request.get(`/api/v1/mailboxes/${mailboxId}/messages`, { headers: { authorization }, params: { folder, limit: 100 } });
  expect(list.status(), await list.text()).toBe(200);
  return ((await list.json()) as Envelope<{ items: MailboxMessageSummary[] }>).data.items.filter((item) => item.subject === subject).length;
}

/** One message of a mailbox in full, as GET …/messages/{id} answers it (which marks it read). */
export async function readMailboxMessage(request: APIRequestContext, authorization: string, mailboxId: string, messageId: string) {
  const message = await request.get(`/api/v1/mailboxes/${mailboxId}/messages/${messageId}`, { headers: { authorization } });
  expect(message.status(), await message.text()).toBe(200);
  return ((await message.json()) as Envelope<MailboxMessage>).data;
}

type OutsideMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
  headers?: Record<string, string>;
};

/** Sends a message to a hosted address through the service's MX, as another mail server on the internet would. */
export async function sendThroughMx(message: OutsideMessage) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: Number(process.env.E2E_MX_PORT),
    secure: false,
    name: "mail.sender.example.net",
    tls: { rejectUnauthorized: false },
  });
  try {
    const info = await transport.sendMail({ from: "Grace Hopper <grace@sender.example.net>", ...message });
    expect(info.accepted).toEqual([message.to]);
    return info;
  } finally {
    transport.close();
  }
}
