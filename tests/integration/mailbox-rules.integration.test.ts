// Mailbox rules end to end: the rules API → a Sieve script in the mailbox's
// home → Dovecot's LMTP (Pigeonhole) filing mail the MX delivers, read back
// over IMAP; ManageSieve logins and uploads against the same child Dovecot.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { getMailboxRules, putMailboxRules } from "@/shared/api/endpoints/mailbox-rules";
import type { MailboxRulesDocument } from "@/shared/schemas/mailbox-rules";
import { call, request } from "../support/api-client";
import { createAccount, type TestAccount } from "../support/factories";
import { verifiedDomain } from "../support/domains";
import { imapClient, newAppPassword, newMailbox, rawMessage, type TestMailbox } from "../support/hosted-mailboxes";
import { manageSieveSession } from "../support/managesieve-client";
import { mxTransaction, short } from "../support/mx-client";

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

async function deliver(subject: string, extra = ""): Promise<void> {
  const sent = await mxTransaction(inject("mxPort"), "sender@example.org", [box.address], rawMessage(box.address, subject, extra));
  expect(short(sent.data)).toBe("250 2.0.0");
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
    ["a size compared as text", { filters: [{ name: "x", match: "all", conditions: [{ field: "size", op: "contains", value: "1" }], actions: [{ type: "stop" }] }], forwarding: null, vacation: null }, "filters.0.conditions.0.op"],
    ["six forwarding addresses", { filters: [], forwarding: { to: ["a@x.org", "b@x.org", "c@x.org", "d@x.org", "e@x.org", "f@x.org"], keepCopy: true }, vacation: null }, "forwarding.to"],
    ["a header condition without its name", { filters: [{ name: "x", match: "all", conditions: [{ field: "header", op: "is", value: "1" }], actions: [{ type: "stop" }] }], forwarding: null, vacation: null }, "filters.0.conditions.0.header"],
    ["a vacation ending before it starts", { filters: [], forwarding: null, vacation: { enabled: true, start: "2026-02-01", end: "2026-01-01", subject: "Away", text: "Away", intervalDays: 1 } }, "vacation.end"],
  ])("answers 400 for %s", async (_label, body, path) => {
    const response = await request("/mailboxes/" + box.id + "/rules", { method: "PUT", token: account.accessToken, body });
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
