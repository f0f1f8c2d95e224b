// Mailbox rules end to end: the rules API → a Sieve script in the mailbox's
// home → Dovecot's LMTP (Pigeonhole) filing mail the MX delivers, read back
// over IMAP; ManageSieve logins and uploads against the same child Dovecot.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { dovecotLayout } from "@/server/mail-store/dovecot/dovecot-config";
import { mailStateRoot } from "@/server/mail-store/dovecot/traversable-path";
import { deliverToMailboxes } from "@/server/mail-store/lmtp/deliver-to-mailboxes";
import { compileRules } from "@/server/mail-store/sieve/compile-rules";
import { getMailboxMessage, listMailboxMessages } from "@/shared/api/endpoints/mailbox-messages";
import { getMailboxRules, putMailboxRules } from "@/shared/api/endpoints/mailbox-rules";
import { SIEVE_LIMITS } from "@/shared/mailbox-rules-limits";
import type { MailboxRulesDocument } from "@/shared/schemas/mailbox-rules";
import { call, request } from "../support/api-client";
import { emailsTo, waitForEmail } from "../support/captured-email";
import { sql } from "../support/database";
import { createAccount, type TestAccount } from "../support/factories";
import { verifiedDomain } from "../support/domains";
import { imapClient, newAppPassword, newMailbox, rawMessage, type TestMailbox } from "../support/hosted-mailboxes";
import { manageSieveSession } from "../support/managesieve-client";
import { inbox, mxTransaction, short } from "../support/mx-client";
import { expectGarbageRefusedBeforeMail, smtpDialogue } from "../support/smtp-dialogue";
import { eventually, until } from "../support/poll";
import { swaksAs } from "../support/swaks-as";

vi.setConfig({ testTimeout: 60_000 });

const tag = () => randomBytes(4).toString("hex");
let account: TestAccount;
let box: TestMailbox;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  box = await newMailbox(account, await verifiedDomain(account, "rules"));
});

const put = (rules: MailboxRulesDocument, mailboxId = box.id, token = account.accessToken) =>
  call(putMailboxRules, { token, params: { mailbox_id: mailboxId }, body: rules });
const get = (mailboxId = box.id, token = account.accessToken) => call(getMailboxRules, { token, params: { mailbox_id: mailboxId } });

async function deliver(subject: string, extra = "", from = "sender@example.org"): Promise<void> {
  const sent = await mxTransaction(inject("mxPort"), from, [box.address], rawMessage(box.address, subject, extra));
  expect(short(sent.data)).toBe("250 2.0.0");
}

/** A message the MX judged spam (its `X-Spam: Yes`), handed to Dovecot over LMTP as the MX would after its filter. */
async function deliverSpam(subject: string, from = "sender@example.org"): Promise<void> {
  const lmtpUrl = `lmtp://127.0.0.1:${inject("mailStore").lmtpPort}`;
  const [outcome] = await deliverToMailboxes(rawMessage(box.address, subject, "X-Spam: Yes\r\n"), [box.address], { lmtpUrl, from });
  expect(outcome?.delivered).toBe(true);
}

/** The subjects in each of `folders`, polled until `done` holds (delivery is asynchronous to IMAP). */
async function subjectsIn(folders: string[]): Promise<Record<string, string[]>> {
  const client = imapClient(box.address, box.password);
  await client.connect();
  try {
    const found: Record<string, string[]> = {};
    for (const folder of folders) {
      found[folder] = [];
      const exists = (await client.list()).some((entry) => entry.path === folder);
      if (!exists) continue;
      const lock = await client.getMailboxLock(folder);
      try {
        if (client.mailbox && client.mailbox.exists > 0)
          for await (const message of client.fetch("1:*", { envelope: true })) found[folder]!.push(message.envelope?.subject ?? "");
      } finally {
        lock.release();
      }
    }
    return found;
  } finally {
    await client.logout().catch(() => {});
  }
}

const receiptsFilter = (folder: string): MailboxRulesDocument => ({
  filters: [
    {
      name: "Receipts",
      match: "any",
      conditions: [{ field: "subject", op: "contains", value: "receipt" }],
      actions: [{ type: "move", folder }, { type: "markRead" }],
    },
  ],
  forwarding: null,
  vacation: null,
});

describe("rules through the API", () => {
  it("starts empty, then files mail whose subject matches into a folder it creates (seen over IMAP) and leaves the rest in INBOX", async () => {
    const before = await get();
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ filters: [], forwarding: null, vacation: null, source: "api" });
    expect(before.body.data.sieve).toContain("require");

    const saved = await put(receiptsFilter("Receipts/2026"));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.source).toBe("api");
    expect(saved.body.data.sieve).toContain('fileinto :create :flags ["\\\\Seen"] "Receipts/2026";');
    expect((await get()).body.data).toEqual(saved.body.data);

    const matching = `Your receipt ${tag()}`;
    const other = `Hello ${tag()}`;
    await deliver(matching);
    await deliver(other);
    const found = await subjectsIn(["INBOX", "Receipts/2026"]);
    expect(found["Receipts/2026"]).toContain(matching);
    expect(found.INBOX).toContain(other);
    expect(found.INBOX).not.toContain(matching);
  });

  it("refuses a rule Dovecot's compiler rejects with 400 naming the field, and the previous rules keep working", async () => {
    expect((await put(receiptsFilter("Kept"))).status).toBe(200);
    // A non-ASCII local part is a valid address to us, and not to Pigeonhole's redirect.
    const refused = await put({ ...receiptsFilter("Other"), forwarding: { to: ["ok@example.org", "zoë@example.org"], keepCopy: true } });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe("validation_error");
    expect(refused.error?.errors?.map((error) => error.path)).toEqual(["forwarding.to.1"]);
    const after = await get();
    expect(after.body.data.filters[0]!.actions[0]).toEqual({ type: "move", folder: "Kept" });
    expect(after.body.data.source).toBe("api");
    const subject = `Another receipt ${tag()}`;
    await deliver(subject);
    expect((await subjectsIn(["Kept", "Other"])).Kept).toContain(subject);
  });

  it.each([
    [
      "a size compared as text",
      {
        filters: [{ name: "x", match: "all", conditions: [{ field: "size", op: "contains", value: "1" }], actions: [{ type: "stop" }] }],
        forwarding: null,
        vacation: null,
      },
      "filters.0.conditions.0.op",
    ],
    [
      "six forwarding addresses",
      {
        filters: [],
        forwarding: { to: ["a@x.org", "b@x.org", "c@x.org", "d@x.org", "e@x.org", "f@x.org"], keepCopy: true },
        vacation: null,
      },
      "forwarding.to",
    ],
    [
      "a header condition without its name",
      {
        filters: [{ name: "x", match: "all", conditions: [{ field: "header", op: "is", value: "1" }], actions: [{ type: "stop" }] }],
        forwarding: null,
        vacation: null,
      },
      "filters.0.conditions.0.header",
    ],
    [
      "a vacation ending before it starts",
      {
        filters: [],
        forwarding: null,
        vacation: { enabled: true, start: "2026-02-01", end: "2026-01-01", subject: "Away", text: "Away", intervalDays: 1 },
      },
      "vacation.end",
    ],
  ])("answers 400 for %s", async (_label, body, path) => {
    const response = await request(`/mailboxes/${box.id}/rules`, { method: "PUT", token: account.accessToken, body });
    expect(response.status).toBe(400);
    expect(response.error?.errors?.map((error) => error.path)).toContain(path);
  });

  it("needs authentication, and another account's mailbox is 404 for reading and writing", async () => {
    expect((await request(`/mailboxes/${box.id}/rules`)).status).toBe(401);
    expect((await request(`/mailboxes/${box.id}/rules`, { method: "PUT", body: receiptsFilter("X") })).status).toBe(401);
    const stranger = await createAccount();
    expect((await get(box.id, stranger.accessToken)).status).toBe(404);
    expect((await put(receiptsFilter("X"), box.id, stranger.accessToken)).status).toBe(404);
    expect((await get("mbx_missing")).status).toBe(404);
  });
});

describe("ManageSieve", () => {
  it("logs in with an IMAP app password (not an SMTP-only one), and an uploaded script turns the source to custom until the API saves again", async () => {
    const port = inject("mailStore").managesievePort;
    const imapSecret = await newAppPassword(account, box.id, ["imap"]);
    const smtpSecret = await newAppPassword(account, box.id, ["smtp"]);
    const refused = await manageSieveSession(port);
    expect((await refused.login(box.address, smtpSecret)).ok).toBe(false);
    refused.close();

    const session = await manageSieveSession(port);
    try {
      expect((await session.login(box.address, imapSecret)).ok).toBe(true);
      const script = 'require ["fileinto", "mailbox"];\nif header :contains "subject" "custom" { fileinto :create "Custom"; }\n';
      expect((await session.putScript("mine", script)).ok).toBe(true);
      expect((await session.setActive("mine")).ok).toBe(true);
    } finally {
      session.close();
    }
    const custom = await get();
    expect(custom.body.data.source).toBe("custom");
    const subject = `A custom one ${tag()}`;
    await deliver(subject);
    expect((await subjectsIn(["Custom"])).Custom).toContain(subject);

    expect((await put(receiptsFilter("Back"))).body.data.source).toBe("api");
    expect((await get()).body.data.source).toBe("api");
  });
});

describe("how much Sieve a mailbox keeps", () => {
  const KiB = 1024;
  /** A valid script of exactly `bytes` (a comment pads it) that files subjects with `word` into a folder named so. */
  function scriptOf(bytes: number, word = "quota"): string {
    const head = `require ["fileinto", "mailbox"];\nif header :contains "subject" "${word}" { fileinto :create "${word}"; }\n#`;
    return `${head}${"x".repeat(bytes - Buffer.byteLength(head) - 1)}\n`;
  }
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await createAccount();
  });
  const newBox = async (label: string) => newMailbox(owner, await verifiedDomain(owner, label));
  const putAs = (target: TestMailbox, rules: MailboxRulesDocument) => put(rules, target.id, owner.accessToken);
  async function sieveSession(target: TestMailbox) {
    const session = await manageSieveSession(inject("mailStore").managesievePort);
    expect((await session.login(target.address, target.password)).ok).toBe(true);
    return session;
  }

  it("ManageSieve refuses a script over 64 KiB, past 256 KiB in all and an eleventh script with its quota replies; scripts within them still work", async () => {
    const target = await newBox("sieve-quota");
    const session = await sieveSession(target);
    try {
      expect(await session.putScript("too-big", scriptOf(64 * KiB + 1))).toMatchObject({
        ok: false,
        text: expect.stringMatching(/^NO \(QUOTA\/MAXSIZE\)/),
      });
      // 64 KiB and three of 60 KiB: 244 KiB; a fifth of 60 KiB would pass 256 KiB.
      expect((await session.putScript("largest", scriptOf(64 * KiB))).ok).toBe(true);
      for (const name of ["big-1", "big-2", "big-3"]) expect((await session.putScript(name, scriptOf(60 * KiB))).ok).toBe(true);
      expect(await session.putScript("big-4", scriptOf(60 * KiB))).toMatchObject({
        ok: false,
        text: expect.stringMatching(/^NO \(QUOTA\/MAXSTORAGE\)/),
      });
      // Six small ones make ten scripts; an eleventh is refused, while replacing one of the ten is not.
      for (const index of [5, 6, 7, 8, 9, 10]) expect((await session.putScript(`small-${index}`, scriptOf(200))).ok).toBe(true);
      expect(await session.putScript("small-11", scriptOf(200))).toMatchObject({
        ok: false,
        text: expect.stringMatching(/^NO \(QUOTA\/MAXSCRIPTS\)/),
      });
      expect((await session.putScript("small-5", scriptOf(300, "filed"))).ok).toBe(true);
      expect((await session.setActive("small-5")).ok).toBe(true);
    } finally {
      session.close();
    }
    const subject = `To be filed ${tag()}`;
    const sent = await mxTransaction(inject("mxPort"), "sender@example.org", [target.address], rawMessage(target.address, subject));
    expect(short(sent.data)).toBe("250 2.0.0");
    const filed = async () =>
      (await inbox(imapClient(target.address, target.password), "filed").catch(() => [])).some((message) => message.subject === subject);
    expect(await until(filed, 10_000, 200)).toBe(true);

    // The API's script would be an eleventh: 409, and the uploaded script stays in force.
    const refused = await putAs(target, receiptsFilter("Receipts"));
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe("conflict");
    expect(refused.body.message).toMatch(/already has 10 Sieve scripts/);
    expect((await get(target.id, owner.accessToken)).body.data.source).toBe("custom");
  }, 90_000);

  it("the rules API keeps to the same limits: a script over 64 KiB is 400, past 256 KiB with the uploaded scripts 409; within them it saves", async () => {
    const target = await newBox("sieve-api");
    // 500 forwards to long addresses: a body under the API's 64 KiB that compiles to more than 64 KiB of Sieve.
    const longAddress = `f${"o".repeat(40)}@example-${"d".repeat(25)}.org`;
    const forwards: MailboxRulesDocument = {
      filters: Array.from({ length: 50 }, (_, index) => ({
        name: `Copies ${index}`,
        match: "any",
        conditions: [{ field: "size", op: "over", value: 1 }],
        actions: Array.from({ length: 10 }, () => ({ type: "forward" as const, to: longAddress })),
      })),
      forwarding: null,
      vacation: null,
    };
    expect(Buffer.byteLength(JSON.stringify(forwards))).toBeLessThan(64 * KiB);
    expect(Buffer.byteLength(compileRules(forwards).script)).toBeGreaterThan(SIEVE_LIMITS.maxScriptBytes);
    const tooBig = await putAs(target, forwards);
    expect(tooBig.status).toBe(400);
    expect(tooBig.error?.errors?.[0]?.message).toMatch(/a mailbox's script can be at most 64 KiB/);

    // Four uploads of 58 KiB leave 24 KiB: rules of about 27 KiB do not fit, small ones do.
    const session = await sieveSession(target);
    try {
      for (const index of [1, 2, 3, 4]) expect((await session.putScript(`upload-${index}`, scriptOf(58 * KiB))).ok).toBe(true);
    } finally {
      session.close();
    }
    const large: MailboxRulesDocument = {
      filters: Array.from({ length: 50 }, (_, index) => ({
        name: `Long ${index}`,
        match: "any",
        conditions: [{ field: "subject", op: "contains", value: "y".repeat(500) }],
        actions: [{ type: "move", folder: "Long" }],
      })),
      forwarding: null,
      vacation: null,
    };
    expect(Buffer.byteLength(compileRules(large).script)).toBeGreaterThan(25 * KiB);
    const noRoom = await putAs(target, large);
    expect(noRoom.status).toBe(409);
    expect(noRoom.body.message).toMatch(/a mailbox keeps at most 256 KiB/);
    const saved = await putAs(target, receiptsFilter("Receipts"));
    expect(saved.status).toBe(200);
    expect(saved.body.data.source).toBe("api");
    // ManageSieve counts the API's script with the uploads.
    const after = await sieveSession(target);
    try {
      expect(await after.putScript("upload-5", scriptOf(24 * KiB))).toMatchObject({
        ok: false,
        text: expect.stringMatching(/^NO \(QUOTA\/MAXSTORAGE\)/),
      });
    } finally {
      after.close();
    }
  }, 90_000);
});

const noRules: MailboxRulesDocument = { filters: [], forwarding: null, vacation: null };
/** Waits long enough for a rule's mail to have reached the sink had it been sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 4_000));

describe("forwarding", () => {
  it("sends a copy out through the sending pipeline with a return path on the mailbox's domain, keeps it when asked, never forwards spam, and writes mailbox.forwarded", async () => {
    const target = `fwd-${tag()}@example.net`;
    expect((await put({ ...noRules, forwarding: { to: [target], keepCopy: true } })).status).toBe(200);
    const kept = `Forward and keep ${tag()}`;
    await deliver(kept);
    const copy = await waitForEmail(target, { subject: kept, timeoutMs: 30_000 });
    const domain = box.address.split("@")[1]!;
    // The service's VERP return path on the mailbox's own domain (ces-bounces.<domain>): SPF passes as for its sent mail.
    expect(copy.envelopeFrom).toMatch(new RegExp(`@ces-bounces\\.${domain.replaceAll(".", "\\.")}$`));
    expect(copy.raw).toMatch(new RegExp(`^X-Sieve-Redirected-From: ${box.address}`, "mi"));
    expect(copy.from).toContain("sender@example.org");
    expect((await subjectsIn(["INBOX"])).INBOX).toContain(kept);
    const [forwarded] = await sql<{ source: string }>("select source from messages where account_id = $1 and subject = $2", [
      account.user.id,
      kept,
    ]);
    expect(forwarded?.source).toBe("mailbox_forward");

    const spam = `Spam not forwarded ${tag()}`;
    await deliverSpam(spam);
    expect((await put({ ...noRules, forwarding: { to: [target], keepCopy: false } })).status).toBe(200);
    const moved = `Forward only ${tag()}`;
    await deliver(moved);
    await waitForEmail(target, { subject: moved, timeoutMs: 30_000 });
    await settle();
    expect(emailsTo(target).map((email) => email.subject)).not.toContain(spam);
    const inbox = (await subjectsIn(["INBOX"])).INBOX;
    expect(inbox).not.toContain(moved);
    expect(inbox).toContain(spam);

    const events = await sql<{ detail: { to: string; mailbox: string } }>(
      "select detail from account_events where account_id = $1 and type = 'mailbox.forwarded'",
      [account.user.id],
    );
    expect(events.map((event) => event.detail)).toEqual(
      expect.arrayContaining([expect.objectContaining({ mailbox: box.address, to: target })]),
    );
    expect((await put(noRules)).status).toBe(200);
  });
});

/** The account's sends counted against its plan in the current period. */
async function usedThisPeriod(): Promise<number> {
  const rows = await sql<{ used: number }>("select used from message_usage where account_id = $1 order by period_start desc limit 1", [
    account.user.id,
  ]);
  return Number(rows[0]?.used ?? 0);
}

describe("vacation", () => {
  it("answers a sender once within its interval, and never a list, auto-submitted mail or spam", async () => {
    const subject = `Away until Monday ${tag()}`;
    const vacation = { enabled: true, subject, text: "I am away; back on Monday.", intervalDays: 1 };
    const usedBefore = await usedThisPeriod();
    expect((await put({ ...noRules, vacation })).status).toBe(200);
    const person = `person-${tag()}@example.org`;
    await deliver(`First ${tag()}`, "", person);
    const reply = await waitForEmail(person, { subject, timeoutMs: 30_000 });
    expect(reply.raw).toMatch(/^Auto-Submitted: auto-replied/im);
    expect(reply.from).toContain(box.address);
    expect(reply.text).toContain("back on Monday");
    await deliver(`Second ${tag()}`, "", person);

    const list = `list-${tag()}@example.org`;
    await deliver(`From a list ${tag()}`, "List-Id: News <news.example.org>\r\n", list);
    const robot = `robot-${tag()}@example.org`;
    await deliver(`Automatic ${tag()}`, "Auto-Submitted: auto-generated\r\n", robot);
    const spammer = `spammer-${tag()}@example.org`;
    await deliverSpam(`Spam ${tag()}`, spammer);
    await settle();
    expect(emailsTo(person)).toHaveLength(1);
    expect(emailsTo(list)).toHaveLength(0);
    expect(emailsTo(robot)).toHaveLength(0);
    expect(emailsTo(spammer)).toHaveLength(0);
    const events = await sql<{ detail: { to: string } }>(
      "select detail from account_events where account_id = $1 and type = 'mailbox.vacation_sent'",
      [account.user.id],
    );
    expect(events.map((event) => event.detail.to)).toEqual([person]);
    // A reply the service wrote for the mailbox: labelled as a rule's, and not counted against the plan.
    const [stored] = await sql<{ source: string }>("select source from messages where account_id = $1 and subject = $2", [
      account.user.id,
      subject,
    ]);
    expect(stored?.source).toBe("mailbox_reply");
    expect(await usedThisPeriod()).toBe(usedBefore);
    expect((await put(noRules)).status).toBe(200);
  });
});

describe("mail a script writes itself", () => {
  // Another account's mailbox: the direct (hosted) route, where forged badges would show.
  let other: TestAccount;
  let victim: TestMailbox;
  let hostname: string;
  beforeAll(async () => {
    other = await createAccount();
    victim = await newMailbox(other, await verifiedDomain(other, "victim"));
    hostname = (await mxTransaction(inject("mxPort"), "sender@example.org", [], Buffer.alloc(0))).greeting.split(" ")[0]!;
  });

  /** Uploads `script` over ManageSieve with an IMAP app password and makes it the active one. */
  async function activate(script: string): Promise<void> {
    const session = await manageSieveSession(inject("mailStore").managesievePort);
    try {
      expect((await session.login(box.address, await newAppPassword(account, box.id, ["imap"]))).ok).toBe(true);
      const name = `own${tag()}`;
      const stored = await session.putScript(name, script);
      expect(stored.ok, stored.text).toBe(true);
      expect((await session.setActive(name)).ok).toBe(true);
    } finally {
      session.close();
    }
  }

  /** The subjects in the victim's INBOX, through the API the portal reads. */
  async function victimInbox(): Promise<{ id: string; subject: string | null }[]> {
    const listed = await call(listMailboxMessages, { token: other.accessToken, params: { mailbox_id: victim.id } });
    return listed.body.data.items;
  }

  it("a vacation reply with a :from that is not the mailbox's is refused: nothing reaches another account's mailbox or the Internet", async () => {
    const subject = `Invoice ${tag()}`;
    await activate(
      `require ["vacation"];\nvacation :days 1 :from "CEO <ceo@${victim.address.split("@")[1]}>" :subject "${subject}" "Please pay the attached invoice.";\n`,
    );
    await deliver(`Question ${tag()}`, "", victim.address);
    const outside = `outsider-${tag()}@example.org`;
    await deliver(`Another question ${tag()}`, "", outside);
    await settle();
    expect((await victimInbox()).map((item) => item.subject)).not.toContain(subject);
    expect(emailsTo(outside)).toHaveLength(0);
  });

  it("refuses a :mime reply that writes a header only the service writes (Sender)", async () => {
    const subject = `Sender forged ${tag()}`;
    const outside = `sender-${tag()}@example.org`;
    await activate(
      `require ["vacation"];\nvacation :days 1 :subject "${subject}" :mime text:\nSender: ceo@${victim.address.split("@")[1]}\nContent-Type: text/plain\n\nAway.\n.\n;\n`,
    );
    await deliver(`Hello ${tag()}`, "", outside);
    await settle();
    expect(emailsTo(outside)).toHaveLength(0);
  });

  it("a :mime reply's own Authentication-Results and spam verdict are dropped; the reader shows this host's results for the hosted copy", async () => {
    const subject = `Away ${tag()}`;
    await activate(
      `require ["vacation"];\nvacation :days 1 :subject "${subject}" :mime text:\nAuthentication-Results: ${hostname}; spf=pass; dkim=pass header.d=paypal.com; dmarc=pass header.from=paypal.com\nX-Spam-Status: No, score=-10\nContent-Type: text/plain\n\nI am away.\n.\n;\n`,
    );
    await deliver(`Are you there ${tag()}`, "", victim.address);
    const arrived = await eventually(victimInbox, (items) => items.some((item) => item.subject === subject), { timeoutMs: 30_000 });
    const id = arrived.find((item) => item.subject === subject)!.id;
    const read = await call(getMailboxMessage, { token: other.accessToken, params: { mailbox_id: victim.id, message_id: id } });
    const results = read.body.data.headers.filter((header) => header.name.toLowerCase() === "authentication-results");
    expect(results).toHaveLength(1);
    expect(results[0]!.value).not.toContain("paypal.com");
    expect(read.body.data.authenticationResults).toMatchObject({ spf: "pass", dkim: "pass", dmarc: "pass" });
    expect(read.body.data.authenticationResults?.header).toContain(`header.from=${box.address.split("@")[1]}`);
    expect(read.body.data.headers.some((header) => header.name.toLowerCase() === "x-spam-status")).toBe(false);
    expect(read.body.data.spam).toBeNull();
  });
});

describe("the rules-mail listener", () => {
  const rulesMailPort = () => {
    const configFile = dovecotLayout(mailStateRoot(inject("serverDataDir")).root).configFile;
    const port = Number(/^submission_host = 127\.0\.0\.1:(\d+)$/m.exec(readFileSync(configFile, "utf8"))?.[1]);
    expect(port).toBeGreaterThan(0);
    return port;
  };

  /** swaks run as Dovecot's mail user (vmail when the service runs as root): the one peer the listener takes mail from. */
  const swaksAsMailUser = (args: string[]) => swaksAs("vmail", rulesMailPort(), args, "dovecot.test");

  // Run as root, Dovecot's mail user (vmail) is not ours, so this process is someone else; as an ordinary user they are the same.
  it.runIf(process.getuid?.() === 0)("refuses mail from a process that is not our Dovecot, even with a mailbox's address", async () => {
    const target = `intruder-${tag()}@example.net`;
    await expect(mxTransaction(rulesMailPort(), box.address, [target], rawMessage(target, "Relay me"))).rejects.toThrow(
      /MAIL FROM answered 553/,
    );
    await settle();
    expect(emailsTo(target)).toHaveLength(0);
  });

  it("answers garbage, NUL bytes and an overlong line before MAIL with errors, and keeps serving", async () => {
    await expectGarbageRefusedBeforeMail(rulesMailPort(), "dovecot.test", ["AUTH PLAIN AGFkYQBzZWNyZXQ="]);
    const next = smtpDialogue(rulesMailPort());
    try {
      expect((await next.greeting).code).toBe(220);
    } finally {
      next.end();
    }
  });

  describe.runIf(process.getuid?.() === 0)("from Dovecot's own mail user", () => {
    it("refuses a sender that is no hosted mailbox at MAIL FROM, and the null sender", () => {
      const target = `nobody-${tag()}@example.net`;
      expect(swaksAsMailUser(["--from", `stranger-${tag()}@example.net`, "--to", target, "--quit-after", "RCPT"]).replies).toContainEqual(
        expect.stringMatching(/^553 5\.7\.1 .*hosted mailbox's address/),
      );
      expect(swaksAsMailUser(["--from", "<>", "--to", target, "--quit-after", "RCPT"]).replies).toContainEqual(
        expect.stringMatching(/^553 /),
      );
    });

    it("takes at most 10 recipients per message", () => {
      const targets = Array.from({ length: 11 }, (_, index) => `many-${index}-${tag()}@example.net`);
      const { replies } = swaksAsMailUser(["--from", box.address, "--to", targets.join(","), "--quit-after", "RCPT"]);
      expect(replies.filter((reply) => reply.startsWith("250 ")).length).toBe(12); // EHLO, MAIL and 10 recipients
      expect(replies.filter((reply) => reply.startsWith("452 4.5.3"))).toHaveLength(1);
    });

    it("refuses a message over the size limit with 552 and sends nothing", async () => {
      const target = `huge-${tag()}@example.net`;
      const dir = mkdtempSync(path.join(os.tmpdir(), "rules-mail-"));
      const file = path.join(dir, "huge.eml");
      const line = `${"a".repeat(998)}\r\n`;
      writeFileSync(file, `From: ${box.address}\r\nTo: ${target}\r\nSubject: huge\r\n\r\n${line.repeat(26_000)}`);
      chmodSync(dir, 0o755);
      try {
        const { replies, transcript } = swaksAsMailUser(["--from", box.address, "--to", target, "--data", file]);
        expect(replies, transcript).toContainEqual(expect.stringMatching(/^552 /));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      await settle();
      expect(emailsTo(target)).toHaveLength(0);
    });

    it("refuses a message whose header cannot be read with a clear 5xx, and sends nothing", async () => {
      const target = `broken-${tag()}@example.net`;
      // No header block at all: a body line where the header must be.
      const { replies, transcript } = swaksAsMailUser([
        "--from",
        box.address,
        "--to",
        target,
        "--data",
        "this is not a header\r\n\r\nbody\r\n",
      ]);
      expect(replies.at(-1), transcript).toMatch(/^554 5\.6\.0 /);
      await settle();
      expect(emailsTo(target)).toHaveLength(0);
    });
  });
});
