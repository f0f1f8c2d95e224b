// Spam filtering end to end: a bare-socket sender → the app's MX → the run's
// shared real rspamd (tests/support/rspamd.ts) → Dovecot with its Sieve step,
// read back over IMAP; and the per-mailbox settings API. The "spam, not
// refused" message uses a TEST RULE (tests/fixtures/rspamd/regexp.conf): a
// subject with [spam-test] scores 8, between rspamd's "add header" (6) and
// "reject" (15). GTUBE is rspamd's own reject pattern. Duration: 14 s of tests
// on a loaded 2-core machine (IMAP reads dominate), plus the wait in beforeAll
// for the run's rspamd to load (15-30 s, shared by the whole run).
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { getMailboxMessage, listMailboxMessages } from "@/shared/api/endpoints/mailbox-messages";
import {
  getDomainSpamLists,
  getMailboxSpamSettings,
  updateDomainSpamLists,
  updateMailboxSpamSettings,
} from "@/shared/api/endpoints/mailbox-spam";
import { call } from "../support/api-client";
import { dnsControl } from "../support/dns-server";
import { createAccount, type TestAccount } from "../support/factories";
import { imapClient, rawMessage, storedMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { inbox, mxTransaction, short } from "../support/mx-client";
import { verifiedDomain } from "../support/domains";
import { until } from "../support/poll";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const GTUBE = "XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X";
const tag = () => randomBytes(4).toString("hex");
const mxPort = () => inject("mxPort");

const find = async (box: TestMailbox, name: string, subject: string) =>
  (await inbox(imapClient(box.address, box.password), name)).find((message) => message.subject === subject);

async function send(box: TestMailbox, subject: string, options: { from?: string; body?: string; extra?: string } = {}) {
  const raw = rawMessage(box.address, subject, options.extra ?? "");
  const message = options.body ? Buffer.from(raw.toString("latin1").replace("Hello from the test.", options.body), "latin1") : raw;
  return mxTransaction(mxPort(), options.from ?? "sender@example.org", [box.address], message);
}

const control = (action: "cut" | "restore") => fetch(`${inject("spamFilter").controlUrl}/${action}`, { method: "POST" });

let account: TestAccount;
let owner: { accountId: string; domainId: string; domainName: string };

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.LOG_LEVEL = "silent";
  account = await createAccount();
  const domain = await verifiedDomain(account, "spam");
  owner = { accountId: account.user.id, domainId: domain.domain_id, domainName: domain.name };
  // The shared rspamd loads in the background at the start of the run (15-30 s here).
  const answers = async () =>
    (await fetch(`${inject("spamFilter").url}/ping`, { signal: AbortSignal.timeout(2_000) }).catch(() => null))?.ok ?? false;
  expect(await until(answers, 110_000, 500)).toBe(true);
});

const settings = (box: TestMailbox, body: Record<string, unknown>) =>
  call(updateMailboxSpamSettings, { token: account.accessToken, params: { mailbox_id: box.id }, body });

describe("the MX asks rspamd about mail for hosted mailboxes", () => {
  it("refuses GTUBE with 550 5.7.1 and rspamd's text; nothing is stored", async () => {
    const box = await storedMailbox(owner);
    const subject = `GTUBE ${tag()}`;
    const result = await send(box, subject, { body: GTUBE });
    expect(short(result.data)).toBe("550 5.7.1");
    expect(result.data!.text).toMatch(/rejected as spam: Gtube pattern/i);
    expect(await find(box, "INBOX", subject)).toBeUndefined();
    expect(await find(box, "Junk", subject)).toBeUndefined();
  });

  it("files a message scored for 'add header' (the test rule) into Junk with X-Spam: Yes, never the inbox", async () => {
    const box = await storedMailbox(owner);
    const subject = `[spam-test] cheap pills ${tag()}`;
    expect(short((await send(box, subject)).data)).toBe("250 2.0.0");
    const junk = await find(box, "Junk", subject);
    expect(junk?.source).toMatch(/^X-Spam: Yes\r$/m);
    expect(junk?.source).toMatch(/^X-Spam-Status: Yes, score=\d+\.\d\d required=\d+\.\d\d action=add header\r$/m);
    expect(junk?.source).toMatch(/^X-Spam-Symbols: .*TEST_SPAM_SUBJECT\(8\.00\)/m);
    expect(await find(box, "INBOX", subject)).toBeUndefined();

    // The reader's API reads the verdict back from those fields.
    const mailboxRef = { token: account.accessToken, params: { mailbox_id: box.id } };
    const listed = await call(listMailboxMessages, { ...mailboxRef, query: { folder: "Junk" } });
    const id = listed.body.data.items.find((item) => item.subject === subject)!.id;
    const detail = await call(getMailboxMessage, { ...mailboxRef, params: { mailbox_id: box.id, message_id: id } });
    expect(detail.body.data.spam).toMatchObject({ verdict: "spam", note: null });
    const [, score, required] = /^X-Spam-Status: Yes, score=(\S+) required=(\S+) /m.exec(junk!.source)!;
    expect(detail.body.data.spam).toMatchObject({ score: Number(score), requiredScore: Number(required) });
    expect(detail.body.data.spam!.symbols).toContainEqual({ name: "TEST_SPAM_SUBJECT", score: 8 });
  });

  it("keeps clean mail in the inbox and drops the sender's own X-Spam fields (a forged Junk marker does nothing)", async () => {
    const box = await storedMailbox(owner);
    const subject = `Lunch ${tag()}`;
    // (An upstream "X-Spam: Yes" is something rspamd scores itself, SPAM_FLAG: not forged here.)
    const forged = "X-Spam-Folder: Junk\r\nX-Spam-Symbols: forged\r\n";
    expect(short((await send(box, subject, { extra: forged })).data)).toBe("250 2.0.0");
    const stored = await find(box, "INBOX", subject);
    expect(stored?.source).toMatch(/^X-Spam-Status: No, score=/m);
    expect(stored?.source).not.toMatch(/forged|^X-Spam-Folder/m);
  });

  it("tells rspamd the MX's own SPF and DMARC results, which it scores although the sender is on loopback", async () => {
    // rspamd skips its own SPF check for a loopback client, so these symbols can only come from the MX's results.
    const box = await storedMailbox(owner);
    const domain = `reports-${tag()}.example.org`;
    const dns = dnsControl(inject("dnsControlUrl"));
    await dns.publish(domain, "TXT", ["v=spf1 -all"]);
    await dns.publish(`_dmarc.${domain}`, "TXT", ["v=DMARC1; p=none"]);
    const subject = `Weekly figures ${tag()}`;
    const raw = Buffer.from(
      rawMessage(box.address, subject).toString("latin1").replace("sender@example.org>", `alerts@${domain}>`),
      "latin1",
    );
    expect(short((await mxTransaction(mxPort(), `alerts@${domain}`, [box.address], raw)).data)).toBe("250 2.0.0");
    const stored = await find(box, "INBOX", subject);
    expect(stored?.source).toMatch(/^ spf=fail /m);
    expect(stored?.source).toMatch(/^X-Spam-Symbols: .*R_SPF_FAIL\(1\.00\)/m);
    expect(stored?.source).toMatch(/^X-Spam-Symbols: .*DMARC_POLICY_SOFTFAIL\(0\.10\)/m);
  });

  it("tags spam but leaves it in the inbox when the mailbox's action is tag", async () => {
    const box = await storedMailbox(owner);
    expect((await settings(box, { action: "tag" })).status).toBe(200);
    const subject = `[spam-test] tagged ${tag()}`;
    expect(short((await send(box, subject)).data)).toBe("250 2.0.0");
    const stored = await find(box, "INBOX", subject);
    expect(stored?.source).toMatch(/^X-Spam: Yes\r$/m);
    expect(stored?.source).not.toMatch(/^X-Spam-Folder/m);
  });

  it("never files an allow-listed sender into Junk, and refuses a block-listed one with 550 5.7.1", async () => {
    const box = await storedMailbox(owner);
    expect((await settings(box, { allow: ["@friends.example"], block: ["pest@example.org"] })).status).toBe(200);
    const allowed = `[spam-test] from a friend ${tag()}`;
    expect(short((await send(box, allowed, { from: "ann@mail.friends.example" })).data)).toBe("250 2.0.0");
    expect((await find(box, "INBOX", allowed))?.source).toMatch(/^X-Spam-Status: No \(allow-listed\)\r$/m);
    expect(await find(box, "Junk", allowed)).toBeUndefined();

    const blocked = `Hello again ${tag()}`;
    const refused = await send(box, blocked, { from: "pest@example.org" });
    expect(short(refused.data)).toBe("550 5.7.1");
    expect(await find(box, "INBOX", blocked)).toBeUndefined();
  });

  it("accepts mail unchecked, saying so, while rspamd cannot be reached", async () => {
    const box = await storedMailbox(owner);
    const subject = `[spam-test] while down ${tag()}`;
    await control("cut");
    try {
      expect(short((await send(box, subject)).data)).toBe("250 2.0.0");
    } finally {
      await control("restore");
    }
    expect((await find(box, "INBOX", subject))?.source).toMatch(/^X-Spam-Status: Unchecked \(the spam filter was unavailable\)\r$/m);
  });
});

describe("GET | PUT /mailboxes/{mailbox_id}/spam", () => {
  it("answers the defaults, then what was saved, normalised", async () => {
    const box = await storedMailbox(owner);
    const params = { mailbox_id: box.id };
    expect((await call(getMailboxSpamSettings, { token: account.accessToken, params })).body.data).toEqual({
      action: "junk",
      allow: [],
      block: [],
    });
    const saved = await settings(box, { action: "off", allow: [" Ann@Example.ORG ", "@Friends.Example", "@friends.example"], block: [] });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ action: "off", allow: ["ann@example.org", "@friends.example"], block: [] });
    expect((await call(getMailboxSpamSettings, { token: account.accessToken, params })).body.data).toEqual(saved.body.data);
    // Submitted empty: every setting back to its default.
    expect((await settings(box, {})).body.data).toEqual({ action: "junk", allow: [], block: [] });
  });

  it("refuses bad input with 400 naming the fields", async () => {
    const box = await storedMailbox(owner);
    const bad = await settings(box, { action: "delete", allow: ["not an address"], block: ["@"] });
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.map((error) => error.path).sort()).toEqual(["action", "allow.0", "block.0"]);
  });

  it("needs a signed-in caller, and another account's mailbox is 404", async () => {
    const box = await storedMailbox(owner);
    const params = { mailbox_id: box.id };
    expect((await call(getMailboxSpamSettings, { params })).status).toBe(401);
    expect((await call(updateMailboxSpamSettings, { params, body: { action: "tag" } })).status).toBe(401);
    const stranger = await createAccount();
    expect((await call(getMailboxSpamSettings, { token: stranger.accessToken, params })).status).toBe(404);
    expect((await call(updateMailboxSpamSettings, { token: stranger.accessToken, params, body: { action: "off" } })).status).toBe(404);
    expect((await call(getMailboxSpamSettings, { token: account.accessToken, params })).body.data.action).toBe("junk");
  });
});

describe("a domain's spam lists, for every mailbox on it", () => {
  // A domain of its own: its lists reach every mailbox on it, and the tests above share theirs.
  let listed: { accountId: string; domainId: string; domainName: string };
  beforeAll(async () => {
    const domain = await verifiedDomain(account, "lists");
    listed = { accountId: account.user.id, domainId: domain.domain_id, domainName: domain.name };
  });
  const domainLists = (body: Record<string, unknown>, token = account.accessToken, domainId = listed.domainId) =>
    call(updateDomainSpamLists, { token, params: { domain_id: domainId }, body });

  it("refuses a sender the domain blocks at every mailbox, unless a mailbox's own allow list names it", async () => {
    const [first, second, exempt] = [await storedMailbox(listed), await storedMailbox(listed), await storedMailbox(listed)];
    expect((await domainLists({ block: ["@pest.example"], allow: ["@partner.example"] })).status).toBe(200);
    expect((await settings(exempt, { allow: ["joe@pest.example"] })).status).toBe(200);

    for (const box of [first, second]) {
      const subject = `Offer ${tag()}`;
      expect(short((await send(box, subject, { from: "joe@pest.example" })).data)).toBe("550 5.7.1");
      expect(await find(box, "INBOX", subject)).toBeUndefined();
    }
    const kept = `Offer for the exempt ${tag()}`;
    expect(short((await send(exempt, kept, { from: "joe@pest.example" })).data)).toBe("250 2.0.0");
    expect((await find(exempt, "INBOX", kept))?.source).toMatch(/^X-Spam-Status: No \(allow-listed\)\r$/m);

    // The domain's allow list skips the filter: a message the test rule scores as spam stays in the inbox.
    const partner = `[spam-test] partner news ${tag()}`;
    expect(short((await send(first, partner, { from: "ann@mail.partner.example" })).data)).toBe("250 2.0.0");
    expect((await find(first, "INBOX", partner))?.source).toMatch(/^X-Spam-Status: No \(allow-listed\)\r$/m);
    expect(await find(first, "Junk", partner)).toBeUndefined();

    // A mailbox on another domain of the same account is not touched by these lists.
    const elsewhere = await storedMailbox(owner);
    const other = `Offer elsewhere ${tag()}`;
    expect(short((await send(elsewhere, other, { from: "joe@pest.example" })).data)).toBe("250 2.0.0");
  });

  it("answers empty lists first, then what was saved, normalised; an empty PUT clears them", async () => {
    const domain = await verifiedDomain(account, "lists-api");
    const params = { domain_id: domain.domain_id };
    expect((await call(getDomainSpamLists, { token: account.accessToken, params })).body.data).toEqual({ allow: [], block: [] });
    const saved = await domainLists(
      { allow: [" Ann@Example.ORG ", "@Friends.Example"], block: ["@friends.example"] },
      account.accessToken,
      domain.domain_id,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ allow: ["ann@example.org", "@friends.example"], block: ["@friends.example"] });
    expect((await call(getDomainSpamLists, { token: account.accessToken, params })).body.data).toEqual(saved.body.data);
    expect((await domainLists({}, account.accessToken, domain.domain_id)).body.data).toEqual({ allow: [], block: [] });
  });

  it("refuses bad input with 400 naming the entries", async () => {
    const bad = await domainLists({ allow: ["not an address"], block: ["ok@example.org", "@"] });
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.map((error) => error.path).sort()).toEqual(["allow.0", "block.1"]);
    const tooMany = await domainLists({ block: Array.from({ length: 501 }, (_, index) => `s${index}@example.org`) });
    expect(tooMany.status).toBe(400);
  });

  it("needs a signed-in caller, and another account's domain is 404 and stays unchanged", async () => {
    const domain = await verifiedDomain(account, "lists-owner");
    const params = { domain_id: domain.domain_id };
    expect((await call(getDomainSpamLists, { params })).status).toBe(401);
    expect((await call(updateDomainSpamLists, { params, body: { block: ["@x.example"] } })).status).toBe(401);
    const stranger = await createAccount();
    expect((await call(getDomainSpamLists, { token: stranger.accessToken, params })).status).toBe(404);
    expect((await domainLists({ block: ["@x.example"] }, stranger.accessToken, domain.domain_id)).status).toBe(404);
    expect((await call(getDomainSpamLists, { token: account.accessToken, params: { domain_id: "dom_unknown" } })).status).toBe(404);
    expect((await call(getDomainSpamLists, { token: account.accessToken, params })).body.data).toEqual({ allow: [], block: [] });
  });
});
