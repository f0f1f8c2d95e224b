// Leaving a list from the webmail: a received message's List-Unsubscribe is
// offered as a one-click link or a mailto address, and the unsubscribe
// request is made by the service: RFC 8058's POST to a local HTTPS endpoint
// (its certificate the one the app trusts), or an email from the mailbox
// through the sending pipeline to the SMTP sink. Each is in the event feed.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { listEvents } from "@/shared/api/endpoints/events";
import { getMailboxMessage, listMailboxMessages, unsubscribeFromList } from "@/shared/api/endpoints/mailbox-messages";
import { call } from "../support/api-client";
import { waitForEmail } from "../support/captured-email";
import { verifiedDomain } from "../support/domains";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { newMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { eventually } from "../support/poll";
import { deliverText } from "../support/webmail";

type Received = { method: string; path: string; body: string; cookie: string | undefined; contentType: string | undefined };

let endpoint: Server;
let endpointPort = 0;
/** What the sender's HTTPS endpoint was asked; paths under /refuse answer 500. */
const received: Received[] = [];

beforeAll(async () => {
  const { keyFile, certFile } = inject("trustedCertificate");
  endpoint = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        body,
        cookie: request.headers.cookie,
        contentType: request.headers["content-type"],
      });
      response.writeHead(request.url?.startsWith("/refuse") ? 500 : 200).end("ok");
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", () => resolve()));
  endpointPort = (endpoint.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));

let account: TestAccount;
let mailbox: TestMailbox;

beforeAll(async () => {
  account = await createAccount();
  mailbox = await newMailbox(account, await verifiedDomain(account, "unsub"));
}, 60_000);

/** Delivers a list message with these headers and answers its id and detail as the webmail reads it. */
async function receivedListMail(subject: string, headers: Record<string, string>) {
  await deliverText(mailbox.address, { subject, from: "Acme News <news@acme.example>", headers });
  const listed = await eventually(
    async () => (await call(listMailboxMessages, { token: account.accessToken, params: { mailbox_id: mailbox.id } })).body.data.items,
    (items) => items.some((item) => item.subject === subject),
  );
  const id = listed.find((item) => item.subject === subject)!.id;
  const detail = await call(getMailboxMessage, { token: account.accessToken, params: { mailbox_id: mailbox.id, message_id: id } });
  return { id, detail: detail.body.data };
}

const unsubscribe = (messageId: string, token = account.accessToken, mailboxId = mailbox.id) =>
  call(unsubscribeFromList, { token, params: { mailbox_id: mailboxId, message_id: messageId }, body: {} });

describe("the webmail's Unsubscribe", () => {
  it("posts RFC 8058's one-click request to the sender's https link, without cookies, and records it in the feed", async () => {
    const url = `https://localhost:${endpointPort}/leave/ada-1?list=news`;
    const { id, detail } = await receivedListMail("Weekly news", {
      "List-Unsubscribe": `<mailto:leave@acme.example>, <${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(detail.unsubscribe).toEqual({ oneClick: true, url });

    const answer = await unsubscribe(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body.data).toEqual({ method: "one_click", target: `localhost:${endpointPort}`, messageId: null });
    expect(received.filter((request) => request.path === "/leave/ada-1?list=news")).toEqual([
      {
        method: "POST",
        path: "/leave/ada-1?list=news",
        body: "List-Unsubscribe=One-Click",
        cookie: undefined,
        contentType: "application/x-www-form-urlencoded",
      },
    ]);
    const feed = await call(listEvents, { token: account.accessToken, query: { types: "mailbox.unsubscribed" } });
    expect(feed.body.data.items.at(-1)?.detail).toMatchObject({
      mailbox: mailbox.address,
      from: "Acme News <news@acme.example>",
      method: "one_click",
      target: `localhost:${endpointPort}`,
    });
  });

  it("says so when the sender's server refuses (502) or the message has no way out (409)", async () => {
    const refusing = await receivedListMail("Refusing list", {
      "List-Unsubscribe": `<https://localhost:${endpointPort}/refuse/1>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const refused = await unsubscribe(refusing.id);
    expect(refused.status).toBe(502);
    expect(refused.error?.code).toBe("unsubscribe_failed");
    expect(refused.body.message).toContain("answered 500");

    const plain = await receivedListMail("A letter", {});
    expect(plain.detail.unsubscribe).toBeNull();
    expect((await unsubscribe(plain.id)).status).toBe(409);
  });

  it("sends an unsubscribe email from the mailbox when the list gives only a mailto address", async () => {
    const leave = uniqueEmail("list-leave");
    // An https link without List-Unsubscribe-Post is no one-click link: the mailto address is used.
    const { id, detail } = await receivedListMail("Monthly digest", {
      "List-Unsubscribe": `<https://localhost:${endpointPort}/page>, <mailto:${leave}?subject=unsubscribe>`,
    });
    expect(detail.unsubscribe).toEqual({ mailto: leave });
    const answer = await unsubscribe(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body.data).toMatchObject({ method: "mailto", target: leave.toLowerCase() });
    expect(answer.body.data.messageId).toMatch(/^msg_/);
    const email = await waitForEmail(leave);
    expect(email.subject).toBe("Unsubscribe");
    expect(email.raw).toMatch(new RegExp(`^From: ${mailbox.address}\\r?$`, "im"));
    expect(received.some((request) => request.path === "/page")).toBe(false);
  });

  it("needs a session, and keeps another account's mailbox out of reach (404)", async () => {
    const { id } = await receivedListMail("Private list", {
      "List-Unsubscribe": `<https://localhost:${endpointPort}/leave/private>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect((await call(unsubscribeFromList, { params: { mailbox_id: mailbox.id, message_id: id }, body: {} })).status).toBe(401);
    const stranger = await createAccount();
    expect((await unsubscribe(id, stranger.accessToken)).status).toBe(404);
    expect((await unsubscribe("not-a-message-id")).status).toBe(404);
    expect(received.some((request) => request.path === "/leave/private")).toBe(false);
  });
});
