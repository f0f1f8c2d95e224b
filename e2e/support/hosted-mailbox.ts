// Hosted mailboxes for browser specs: a mailbox arranged through the API (a
// domain with its ownership record published in the test DNS server, all a
// mailbox needs), and mail sent to it from outside, through the MX the e2e
// server listens with on E2E_MX_PORT, the way another mail server would.
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import nodemailer from "nodemailer";
import { publishRecords } from "../../tests/support/dns-server";
import { signInThroughApi, type TestAccount } from "./accounts";
import { testDns } from "./sending-domains";
import { expect } from "./test";

type Envelope<T> = { data: T };
type DnsRecord = { type: string; name: string; value: string; purpose: string };

export async function arrangeMailbox(request: APIRequestContext, account: TestAccount, localPart = "ada") {
  const authorization = `Bearer ${await signInThroughApi(request, account)}`;
  const domain = `inbox-${randomBytes(4).toString("hex")}.example.org`;
  const created = await request.post("/api/v1/sending/domains", { headers: { authorization }, data: { name: domain } });
  expect(created.status(), await created.text()).toBe(201);
  const { domain_id, records } = ((await created.json()) as Envelope<{ domain_id: string; records: DnsRecord[] }>).data;
  await publishRecords(
    testDns(),
    records.filter((record) => record.purpose === "ownership"),
  );
  const verified = await request.post(`/api/v1/sending/domains/${domain_id}/verify`, { headers: { authorization } });
  expect(verified.status(), await verified.text()).toBe(200);

  const address = `${localPart}@${domain}`;
  const mailbox = await request.post("/api/v1/mailboxes", {
    headers: { authorization },
    data: { address, password: `Mailbox-${randomBytes(6).toString("hex")}` },
  });
  expect(mailbox.status(), await mailbox.text()).toBe(201);
  return { address, domain, mailboxId: ((await mailbox.json()) as Envelope<{ id: string }>).data.id };
}

type OutsideMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
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
