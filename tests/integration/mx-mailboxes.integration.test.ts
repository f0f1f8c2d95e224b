// Mail for hosted mailboxes end to end: real senders (swaks, nodemailer, a
// bare socket) → the app's MX → Dovecot over LMTP, read back with imapflow.
// Mailboxes and aliases are rows written straight to the server's database.
import { spawnSync } from "node:child_process";
import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { mailboxStorageDir, removeMailboxStorage } from "@/server/mail-store/dovecot/remove-mailbox-storage";
import { sendMessage } from "@/shared/api/endpoints/messages";
import { call } from "../support/api-client";
import { sql } from "../support/database";
import { dnsControl } from "../support/dns-server";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { inboundFixture } from "../support/inbound-fixtures";
import { newAlias, storedMailbox, imapClient, rawMessage, type TestMailbox } from "../support/hosted-mailboxes";
import { inbox, mxTransaction, short } from "../support/mx-client";
import { verifiedDomain } from "../support/domains";

vi.setConfig({ testTimeout: 60_000 });

const mxPort = () => inject("mxPort");
const read = (box: TestMailbox) => inbox(imapClient(box.address, box.password));
const subjects = async (box: TestMailbox) => (await read(box)).map((message) => message.subject);
const tag = () => randomBytes(4).toString("hex");

type Owner = { accountId: string; domainId: string; domainName: string };
let owner: Owner;
let bare: Owner;
let ada: TestMailbox;
let grace: TestMailbox;
let hostname: string;

let account: TestAccount;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  const domain = await verifiedDomain(account, "inbox");
  owner = { accountId: account.user.id, domainId: domain.domain_id, domainName: domain.name };
  const other = await verifiedDomain(account, "bare");
  bare = { accountId: account.user.id, domainId: other.domain_id, domainName: other.name };
  ada = await storedMailbox(owner, { local: "ada" });
  grace = await storedMailbox(owner, { local: "grace" });
  // The MX greets with MAIL_HOSTNAME, the name our Authentication-Results carry.
  hostname = (await mxTransaction(mxPort(), "sender@example.org", [], Buffer.alloc(0))).greeting.split(" ")[0]!;
});

describe("delivery into a mailbox", () => {
  it("swaks → MX → Dovecot: IMAP shows it with our Authentication-Results on top and the sender's claim of our name gone", async () => {
    const subject = `Over swaks ${tag()}`;
    const forged = `Authentication-Results: ${hostname}; spf=pass; dkim=pass; dmarc=pass (forged)\r\n`;
    const result = spawnSync(
      "swaks",
      [
        "--server",
        "127.0.0.1",
        "--port",
        String(mxPort()),
        "--from",
        "sender@example.org",
        "--to",
        ada.address.toUpperCase(),
        "--data",
        "-",
        "--timeout",
        "20",
      ],
      { input: rawMessage(ada.address, subject, forged), encoding: "utf8" },
    );
    expect(result.stdout).toMatch(/^<[-~] {1,2}250 2\.0\.0 Ok$/m);
    const message = (await read(ada)).find((candidate) => candidate.subject === subject);
    expect(message).toBeDefined();
    const source = message!.source;
    const host = hostname.replaceAll(".", "\\.");
    expect(source).toMatch(/^Return-Path: <sender@example\.org>/);
    expect(source).not.toContain("(forged)");
    const [ours] = new RegExp(`^Authentication-Results: ${host};(?:\\r\\n [^\\r]*)+`, "m").exec(source) ?? [""];
    for (const method of ["spf=none", "dkim=none", "dmarc=none"]) expect(ours).toContain(`\r\n ${method}`);
    expect(source).toMatch(new RegExp(`^Received: from \\S+ \\(\\[127\\.0\\.0\\.1\\]\\)\\r\\n\\tby ${host} with ESMTP id`, "m"));
  });

  it("nodemailer → MX → Dovecot", async () => {
    const subject = `Over nodemailer ${tag()}`;
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: mxPort(), secure: false, tls: { rejectUnauthorized: false } });
    const info = await transport.sendMail({ from: "Sender <sender@example.org>", to: ada.address, subject, text: "Hello over STARTTLS." });
    expect(info.accepted).toEqual([ada.address]);
    expect(await subjects(ada)).toContain(subject);
  });

  it("fans out to an alias's mailboxes and the catch-all, each mailbox once even when named twice", async () => {
    const team = `team-${tag()}@${owner.domainName}`;
    await newAlias(account, team, [ada.address, grace.address]);
    const subject = `To the team ${tag()}`;
    const sent = await mxTransaction(mxPort(), "sender@example.org", [team, ada.address], rawMessage(team, subject));
    expect([...sent.rcpt.map(short), short(sent.data)]).toEqual(["250 Accepted", "250 Accepted", "250 2.0.0"]);
    expect((await subjects(ada)).filter((found) => found === subject)).toHaveLength(1);
    expect((await subjects(grace)).filter((found) => found === subject)).toHaveLength(1);

    const stranger = `nobody-${tag()}@${owner.domainName}`;
    expect(short((await mxTransaction(mxPort(), "sender@example.org", [stranger], rawMessage(stranger, "x"))).rcpt[0]!)).toBe("550 5.1.1");
    await newAlias(account, `*@${owner.domainName}`, [grace.address]);
    const caught = `Caught ${tag()}`;
    const viaCatchAll = await mxTransaction(mxPort(), "sender@example.org", [stranger], rawMessage(stranger, caught));
    expect(short(viaCatchAll.data)).toBe("250 2.0.0");
    expect(await subjects(grace)).toContain(caught);
    expect(await subjects(ada)).not.toContain(caught);
  });

  it("stores a new mailbox's mail as single-dbox, and a mailbox from before keeps its Maildir", async () => {
    const dataDir = inject("serverDataDir");
    const fresh = await storedMailbox(bare);
    // A mailbox created before single-dbox: the migration marked it `maildir`.
    const older = await storedMailbox(bare);
    await sql("update mailboxes set mail_format = 'maildir' where id = $1", [older.id]);
    for (const box of [fresh, older]) {
      const sent = await mxTransaction(mxPort(), "sender@example.org", [box.address], rawMessage(box.address, `Format ${box.id}`));
      expect(short(sent.data)).toBe("250 2.0.0");
      expect(await subjects(box)).toEqual([`Format ${box.id}`]);
    }
    const formatsOn = (box: TestMailbox) =>
      ["sdbox", "Maildir"].filter((dir) => existsSync(path.join(mailboxStorageDir(box.address, dataDir)!, dir)));
    expect(formatsOn(fresh)).toEqual(["sdbox"]);
    expect(formatsOn(older)).toEqual(["Maildir"]);
  });

  it("refuses an unknown address on a domain without a catch-all at RCPT with 550 5.1.1", async () => {
    const unknown = `nobody@${bare.domainName}`;
    const sent = await mxTransaction(mxPort(), "sender@example.org", [unknown, ada.address], rawMessage(unknown, `Half ${tag()}`));
    expect([...sent.rcpt.map(short), short(sent.data)]).toEqual(["550 5.1.1", "250 Accepted", "250 2.0.0"]);
  });

  it("takes a bounce report and a mailbox in one transaction", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "mixed");
    const recipient = uniqueEmail("mixed");
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `a@${domain.name}`, to: recipient, subject: "Hello", text: "x" },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const messageId = sent.body.data.id;
    const { authSecret } = JSON.parse(readFileSync(path.join(inject("serverDataDir"), "secrets.json"), "utf8")) as { authSecret: string };
    const key = Buffer.from(hkdfSync("sha256", authSecret, "customer-email-service", "verp-return-path", 32));
    const verp = `${messageId}-${createHmac("sha256", key).update(messageId).digest("hex").slice(0, 20)}@ces-bounces.${domain.name}`;
    const report = inboundFixture("postfix-hard", { verp, recipient, domain: domain.name });
    const both = await mxTransaction(mxPort(), "", [verp, grace.address], report);
    expect([...both.rcpt.map(short), short(both.data)]).toEqual(["250 Accepted", "250 Accepted", "250 2.0.0"]);
    const events = await sql<{ type: string }>("select type from message_events where message_id = $1 and type = 'bounced'", [messageId]);
    expect(events).toHaveLength(1);
    const copy = (await read(grace)).find((message) => message.source.includes(verp));
    expect(copy?.source).toMatch(/^Return-Path: <>/);
  });
});

describe("refusals", () => {
  it("a deleted mailbox: RCPT 550 5.1.1, IMAP login refused, its mail removed", async () => {
    // On the domain without a catch-all: on the other one the address would still be the catch-all's.
    const doomed = await storedMailbox(bare);
    const sent = await mxTransaction(mxPort(), "sender@example.org", [doomed.address], rawMessage(doomed.address, "Before"));
    expect(short(sent.data)).toBe("250 2.0.0");
    const dataDir = inject("serverDataDir");
    const home = mailboxStorageDir(doomed.address, dataDir)!;
    expect(existsSync(path.join(home, "sdbox"))).toBe(true);

    await sql("delete from mailboxes where id = $1", [doomed.id]);
    expect(await removeMailboxStorage(doomed.address, { dataDir })).toBe(true);
    expect(existsSync(home)).toBe(false);
    expect(existsSync(path.join(home, ".."))).toBe(true);
    const after = await mxTransaction(mxPort(), "sender@example.org", [doomed.address], rawMessage(doomed.address, "After"));
    expect(short(after.rcpt[0]!)).toBe("550 5.1.1");
    await expect(read(doomed)).rejects.toMatchObject({ authenticationFailed: true });
  });

  it("a full mailbox: 452 4.2.2 at RCPT; one the message would overfill: 452 at DATA, and the retry reaches no mailbox twice", async () => {
    const full = await storedMailbox(owner, { quotaBytes: 1024 });
    await sql("update mailboxes set used_bytes = quota_bytes where id = $1", [full.id]);
    const refused = await mxTransaction(mxPort(), "sender@example.org", [full.address], rawMessage(full.address, "Full"));
    expect(refused.rcpt.map(short)).toEqual(["452 4.2.2"]);

    const small = await storedMailbox(owner, { quotaBytes: 600 });
    const pair = `pair-${tag()}@${owner.domainName}`;
    await newAlias(account, pair, [small.address, ada.address]);
    const subject = `Too big for one ${tag()}`;
    const big = rawMessage(pair, subject, `X-Padding: ${"x".repeat(900)}\r\n`);
    for (let attempt = 0; attempt < 2; attempt++) {
      const sent = await mxTransaction(mxPort(), "sender@example.org", [pair], big);
      expect([...sent.rcpt.map(short), short(sent.data)]).toEqual(["250 Accepted", "452 4.2.2"]);
    }
    expect((await subjects(ada)).filter((found) => found === subject)).toHaveLength(1);
    expect(await sql("select mailbox from mx_mailbox_deliveries where mailbox = $1", [ada.address])).toHaveLength(1);

    await sql("update mailboxes set quota_bytes = 1048576 where id = $1", [small.id]);
    const retried = await mxTransaction(mxPort(), "sender@example.org", [pair], big);
    expect(short(retried.data)).toBe("250 2.0.0");
    expect((await subjects(small)).filter((found) => found === subject)).toHaveLength(1);
    expect((await subjects(ada)).filter((found) => found === subject)).toHaveLength(1);
    expect(await sql("select mailbox from mx_mailbox_deliveries where mailbox = $1", [ada.address])).toEqual([]);
  });

  it("a DMARC failure of a domain publishing p=reject: 550 5.7.1 at DATA, nothing stored", async () => {
    const forged = `bank-${tag()}.example.org`;
    const dns = dnsControl(inject("dnsControlUrl"));
    await dns.publish(`_dmarc.${forged}`, "TXT", ["v=DMARC1; p=reject"]);
    await dns.publish(forged, "TXT", ["v=spf1 -all"]);
    const subject = `Phish ${tag()}`;
    const raw = Buffer.from(
      `From: Bank <alerts@${forged}>\r\nTo: ${ada.address}\r\nSubject: ${subject}\r\nMessage-ID: <${tag()}@${forged}>\r\n\r\nLog in here.\r\n`,
    );
    const sent = await mxTransaction(mxPort(), `alerts@${forged}`, [ada.address], raw);
    expect(short(sent.data)).toBe("550 5.7.1");

    // p=none only reports: the same failure is delivered, with dmarc=fail in the header.
    await dns.publish(`_dmarc.${forged}`, "TXT", ["v=DMARC1; p=none"]);
    const reported = await mxTransaction(mxPort(), `alerts@${forged}`, [ada.address], raw);
    expect(short(reported.data)).toBe("250 2.0.0");
    const copies = (await read(ada)).filter((message) => message.subject === subject);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.source).toMatch(/^ dmarc=fail/m);
  });
});
