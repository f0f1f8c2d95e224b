// Who the MX answers for at RCPT: unknown recipients are counted per client
// address across sessions (in PostgreSQL), so reconnecting does not reset an
// address harvester; postmaster@ each hosted domain and the domainless
// <postmaster> reach someone.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createAccount } from "../support/factories";
import { newAlias, newMailbox, storedAlias, imapClient, rawMessage, type TestMailbox } from "../support/hosted-mailboxes";
import { inbox, mxTransaction, short } from "../support/mx-client";
import { smtpDialogue } from "../support/smtp-dialogue";
import { verifiedDomain } from "../support/domains";

vi.setConfig({ testTimeout: 120_000 });

const mxPort = () => inject("mxPort");
const tag = () => randomBytes(4).toString("hex");

type Owner = { accountId: string; domainId: string; domainName: string };
let owner: Owner;
let first: TestMailbox;
let second: TestMailbox;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.LOG_LEVEL = "silent";
  const account = await createAccount();
  const domain = await verifiedDomain(account, "rcpt");
  owner = { accountId: account.user.id, domainId: domain.domain_id, domainName: domain.name };
  first = await newMailbox(account, domain, { local: "first" });
  second = await newMailbox(account, domain, { local: "second" });
});

describe("unknown recipients", () => {
  it("are counted per address across sessions: after 100 the address is refused at MAIL FROM with 421 4.7.0", async () => {
    // An address of its own: other test files send from 127.0.0.1.
    const from = "127.0.0.77";
    let answered = 0;
    let refusedAtMail: { code: number; text: string } | null = null;
    const started = Date.now();
    for (let session = 0; session < 20 && !refusedAtMail; session++) {
      const dialogue = smtpDialogue(mxPort(), "127.0.0.1", from);
      expect((await dialogue.greeting).code).toBe(220);
      await dialogue.send("EHLO harvester.test\r\n");
      const mail = await dialogue.send("MAIL FROM:<h@harvester.test>\r\n");
      if (mail.code !== 250) {
        refusedAtMail = mail;
        dialogue.end();
        break;
      }
      for (let guess = 0; guess < 20; guess++) {
        const reply = await dialogue.send(`RCPT TO:<guess-${session}-${guess}@${owner.domainName}>\r\n`);
        if (reply.code === 550) answered++;
        if (reply.code === 421) break;
      }
      dialogue.end();
      await dialogue.closed;
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(`unknown recipients answered from one address: ${answered} in ${seconds.toFixed(1)} s`);
    expect(answered).toBeLessThanOrEqual(100);
    expect(refusedAtMail).toEqual({ code: 421, text: "4.7.0 Too many unknown recipients; closing the connection" });
    // Another address is not affected.
    const other = smtpDialogue(mxPort(), "127.0.0.1", "127.0.0.78");
    await other.greeting;
    await other.send("EHLO other.test\r\n");
    expect((await other.send("MAIL FROM:<o@other.test>\r\n")).code).toBe(250);
    expect((await other.send(`RCPT TO:<${first.address}>\r\n`)).code).toBe(250);
    other.end();
  });
});

describe("postmaster", () => {
  it("postmaster@ a hosted domain reaches the domain's first mailbox, in any case", async () => {
    const subject = `To the postmaster ${tag()}`;
    const sent = await mxTransaction(mxPort(), "sender@example.org", [`PostMaster@${owner.domainName}`], rawMessage("postmaster", subject));
    expect([...sent.rcpt.map(short), short(sent.data)]).toEqual(["250 Accepted", "250 2.0.0"]);
    expect((await inbox(imapClient(first.address, first.password))).map((message) => message.subject)).toContain(subject);
    expect((await inbox(imapClient(second.address, second.password))).map((message) => message.subject)).not.toContain(subject);
  });

  it("a postmaster alias of the customer's own wins over the first mailbox", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "pm");
    const oldest = await newMailbox(account, domain);
    const chosen = await newMailbox(account, domain);
    await newAlias(account, `postmaster@${domain.name}`, [chosen.address]);
    const subject = `Aliased postmaster ${tag()}`;
    const sent = await mxTransaction(mxPort(), "sender@example.org", [`postmaster@${domain.name}`], rawMessage("postmaster", subject));
    expect(short(sent.data)).toBe("250 2.0.0");
    expect((await inbox(imapClient(chosen.address, chosen.password))).map((message) => message.subject)).toContain(subject);
    expect((await inbox(imapClient(oldest.address, oldest.password))).map((message) => message.subject)).not.toContain(subject);
  });

  it("<postmaster> without a domain is the service's postmaster, postmaster@<MAIL_HOSTNAME>: refused until the operator hosts it", async () => {
    const before = await mxTransaction(mxPort(), "sender@example.org", ["postmaster"], rawMessage("postmaster", "Who?"));
    expect(before.rcpt.map(short)).toEqual(["550 5.1.1"]);
    const hostname = before.greeting.split(" ")[0]!;
    // The operator's alias for the service's postmaster (here on a customer's domain row; the address is what counts).
    await storedAlias(owner, `postmaster@${hostname}`, [second.address]);
    const subject = `Domainless postmaster ${tag()}`;
    const sent = await mxTransaction(mxPort(), "sender@example.org", ["postmaster"], rawMessage("postmaster", subject));
    expect([...sent.rcpt.map(short), short(sent.data)]).toEqual(["250 Accepted", "250 2.0.0"]);
    expect((await inbox(imapClient(second.address, second.password))).map((message) => message.subject)).toContain(subject);
  });

  it("postmaster@ a domain with no mailbox here is still unknown", async () => {
    const sent = await mxTransaction(
      mxPort(),
      "sender@example.org",
      [`postmaster@nowhere-${tag()}.example`],
      rawMessage("postmaster", "x"),
    );
    expect(sent.rcpt.map(short)).toEqual(["550 5.1.1"]);
  });
});
