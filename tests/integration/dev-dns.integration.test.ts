// The development DNS end to end, on a server of its own started as a
// newcomer would (no DNS_SERVERS, the development DNS on): a domain added over
// the API verifies through it (every record, MX included), a mailbox on it
// receives mail over the MX, whose SPF and DMARC checks resolve through it
// too, and the mail is read over IMAP.
import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Env } from "@/server/config/env";
import { readMailStoreStatus } from "@/server/mail-store/dovecot/mail-store-status";
import { freeLoopbackPort } from "@/server/engines/free-port";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { strongPassword, uniqueEmail } from "../support/factories";
import { imapClient } from "../support/hosted-mailboxes";
import { inbox, mxTransaction, short } from "../support/mx-client";
import { startTestServer, type TestServer } from "../support/test-server";
import { until } from "../support/poll";

let server: TestServer;
const ports = { mx: 0, imap: 0, lmtp: 0, dns: 0 };
let token: string;
const domainName = `devdns-${randomBytes(4).toString("hex")}.example.com`;

async function api<T>(method: string, apiPath: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(`${server.baseUrl}/api/v1${apiPath}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const parsed = (await response.json()) as { data: T };
  return { status: response.status, data: parsed.data };
}

/** Asks the development DNS itself, as `dig @127.0.0.1 -p <port>` would. */
function devDns(): Resolver {
  const resolver = new Resolver({ timeout: 1_000, tries: 1 });
  resolver.setServers([`127.0.0.1:${ports.dns}`]);
  return resolver;
}

beforeAll(async () => {
  Object.assign(ports, {
    mx: await freeLoopbackPort(),
    imap: await freeLoopbackPort(),
    lmtp: await freeLoopbackPort(),
    dns: await freeLoopbackPort(),
  });
  server = await startTestServer({
    label: "dev-dns",
    env: {
      // As on a developer's machine: no DNS_SERVERS (empty is unset), the development DNS on.
      DNS_SERVERS: "",
      DEV_DNS_PORT: String(ports.dns),
      MX_PORT: String(ports.mx),
      DOVECOT: "auto",
      IMAP_PORT: String(ports.imap),
      POP3_PORT: "0",
      LMTP_PORT: String(ports.lmtp),
    },
  });
  // What the launcher reports (DATA_DIR/mail-store.status), read as the web workers read it.
  const status = () => readMailStoreStatus({ dataDir: server.dataDir, mailStore: { mode: "auto" } as Env["mailStore"] });
  expect(await until(() => status() === "online", 20_000)).toBe(true);
  const registered = await api<{ accessToken: string }>("POST", "/auth/register", { email: uniqueEmail(), password: strongPassword() });
  token = registered.data.accessToken;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the development DNS", () => {
  it("is announced by the launcher and answers only for the names it serves", async () => {
    expect(readFileSync(server.logFile, "utf8")).toContain(`development DNS on 127.0.0.1:${ports.dns}`);
    await expect(devDns().resolveTxt(`${domainName}`)).rejects.toMatchObject({ code: "EREFUSED" });
    // The service's own SPF name, which every customer's SPF record includes.
    expect(await devDns().resolveTxt("_spf.localhost")).toEqual([["v=spf1 ip4:127.0.0.0/8 ip6:::1 ~all"]]);
    // The return path of the service's own mail and, through each customer's CNAME, of theirs: its SPF includes that name.
    expect(await devDns().resolveTxt("bounces.localhost")).toEqual([["v=spf1 include:_spf.localhost ~all"]]);
    expect(await devDns().resolveMx("bounces.localhost")).toMatchObject([{ exchange: "localhost", priority: 10 }]);
    // DMARC reports for any domain may go to the service's mail host (RFC 7489 §7.1).
    expect(await devDns().resolveTxt("shop.example._report._dmarc.localhost")).toEqual([["v=DMARC1"]]);
  });

  it("serves a domain's records once it is added: it verifies for sending and receiving, a mailbox receives over the MX and is read over IMAP", async () => {
    const created = await api<SendingDomain>("POST", "/sending/domains", { name: domainName });
    expect(created.status).toBe(201);
    const records = created.data.records;

    // Published with no step of the owner's: every record, as the domain page lists it.
    const resolver = devDns();
    const spf = records.find((record) => record.purpose === "spf")!;
    expect((await resolver.resolveTxt(spf.name)).map((chunks) => chunks.join(""))).toEqual([spf.value]);
    const dkim = records.find((record) => record.purpose === "dkim")!;
    expect((await resolver.resolveTxt(dkim.name)).map((chunks) => chunks.join(""))).toEqual([dkim.value]);
    const returnPath = records.find((record) => record.purpose === "return_path")!;
    expect(await resolver.resolveCname(returnPath.name)).toEqual([returnPath.value]);
    expect(await resolver.resolveMx(domainName)).toMatchObject([{ exchange: "localhost", priority: 10 }]);
    const imapSrv = created.data.discoveryRecords.find((record) => record.type === "SRV")!;
    expect(await resolver.resolveSrv(imapSrv.name)).toMatchObject([{ name: "localhost", port: ports.imap, priority: 0, weight: 1 }]);
    await expect(resolver.resolveTxt(`nothing-here.${domainName}`)).rejects.toMatchObject({ code: "ENOTFOUND" });

    const checked = await api<SendingDomain>("POST", `/sending/domains/${created.data.domain_id}/verify`);
    expect(checked.status).toBe(200);
    expect(Object.fromEntries(checked.data.records.map((record) => [record.purpose, record.status]))).toEqual({
      ownership: "verified",
      spf: "verified",
      dkim: "verified",
      dmarc: "verified",
      return_path: "verified",
      mx: "verified",
    });
    expect(checked.data.status).toBe("verified");
    expect(checked.data.receivingStatus).toBe("verified");

    const password = strongPassword();
    const mailbox = await api<Mailbox>("POST", "/mailboxes", { address: `ada@${domainName}`, password });
    expect(mailbox.status).toBe(201);

    // From the domain itself, from loopback: SPF passes through the development DNS (the domain's
    // record includes the service's, which lists loopback), and DMARC with it.
    const message = Buffer.from(
      `From: Grace <grace@${domainName}>\r\nTo: ada@${domainName}\r\nSubject: Hello through the development DNS\r\n` +
        `Message-ID: <${randomBytes(8).toString("hex")}@${domainName}>\r\nDate: ${new Date().toUTCString()}\r\n\r\nIt works offline.\r\n`,
    );
    const sent = await mxTransaction(ports.mx, `grace@${domainName}`, [`ada@${domainName}`], message);
    expect([...sent.rcpt.map(short), short(sent.data)]).toEqual(["250 Accepted", "250 2.0.0"]);

    const client = imapClient(`ada@${domainName}`, password, ports.imap);
    const messages = await inbox(client);
    expect(messages.map((found) => found.subject)).toEqual(["Hello through the development DNS"]);
    expect(messages[0]!.source).toMatch(/spf=pass/);
    expect(messages[0]!.source).toMatch(/dmarc=pass/);
  }, 60_000);
});
