// Hosted mailboxes against the real server: creation on an owned domain, the
// plan's limits, changes, deletion, who may do what. Domains are proven
// through the test DNS server (tests/support/hosted-mail.ts).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { createMailbox, deleteMailbox, getMailbox, listMailboxes, updateMailbox } from "@/shared/api/endpoints/mailboxes";
import { createDomain, deleteDomain } from "@/shared/api/endpoints/sending-domains";
import { mailboxStorageDir } from "@/server/mail-store/dovecot/remove-mailbox-storage";
import { call, request } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, strongPassword, type TestAccount } from "../support/factories";
import { newApiKey } from "../support/sending";
import { ownedDomain } from "../support/domains";
import { newMailbox } from "../support/hosted-mailboxes";

const MB = 1024 * 1024;

async function activity(account: TestAccount, type: string) {
  return sql<{ metadata: Record<string, unknown> }>("select metadata from activity_events where account_id = $1 and type = $2", [
    account.user.id,
    type,
  ]);
}

describe("POST /mailboxes", () => {
  it("creates a mailbox on a domain whose ownership is verified (sending need not be), with the plan's default quota", async () => {
    const account = await createAccount();
    const domain = await ownedDomain(account);
    expect(domain.status).toBe("pending");
    const password = strongPassword();
    const response = await call(createMailbox, {
      token: account.accessToken,
      body: { address: ` Ada.Lovelace@${domain.name.toUpperCase()} `, password, name: "Ada" },
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe("Mailbox created");
    const mailbox = response.body.data;
    expect(mailbox).toEqual({
      id: expect.stringMatching(/^mbx_/),
      address: `ada.lovelace@${domain.name}`,
      name: "Ada",
      domainId: domain.domain_id,
      quotaBytes: 1024 * MB,
      usedBytes: 0,
      imapEnabled: true,
      pop3Enabled: true,
      smtpEnabled: true,
      createdAt: expect.any(String),
      lastLoginAt: null,
    });
    expect(JSON.stringify(response.body)).not.toContain(password);
    const [row] = await sql<{ password_hash: string }>("select password_hash from mailboxes where id = $1", [mailbox.id]);
    expect(row!.password_hash).toMatch(/^\{ARGON2ID\}\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await activity(account, "mailbox.created"))[0]?.metadata).toMatchObject({ mailboxId: mailbox.id, quotaMb: 1024 });
    expect((await call(listMailboxes, { token: account.accessToken })).body.data).toEqual([mailbox]);
    expect((await call(getMailbox, { token: account.accessToken, params: { mailbox_id: mailbox.id } })).body.data).toEqual(mailbox);
  });

  it("needs the domain to be the account's, with its ownership proven (400 on address)", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const theirs = await ownedDomain(other);
    const unproven = (
      await call(createDomain, { token: account.accessToken, body: { name: `new-${randomBytes(3).toString("hex")}.example.com` } })
    ).body.data;
    for (const domain of [theirs.name, unproven.name, "nowhere.example.com"]) {
      const response = await call(createMailbox, {
        token: account.accessToken,
        body: { address: `ada@${domain}`, password: strongPassword() },
      });
      expect(response.status, domain).toBe(400);
      expect(response.error?.errors?.[0]?.path).toBe("address");
    }
  });

  it.each([
    ["a short password", { password: "short" }, "password"],
    ["a missing password", { password: undefined }, "password"],
    ["a plus in the address", { address: "ada+news@example.com" }, "address"],
    ["no domain", { address: "ada" }, "address"],
    ["a quota of 0", { quotaMb: 0 }, "quotaMb"],
    ["a quota as text", { quotaMb: "100" }, "quotaMb"],
    ["an unknown field", { admin: true }, ""],
  ])("refuses %s (400)", async (_case, overrides, path) => {
    const account = await createAccount();
    const response = await call(createMailbox, {
      token: account.accessToken,
      body: { address: "ada@example.com", password: strongPassword(), ...overrides },
    });
    expect(response.status).toBe(400);
    expect(response.error?.code).toBe("validation_error");
    expect(response.error?.errors?.map((error) => error.path)).toContain(path);
  });

  it("keeps to the plan: the free plan's number of mailboxes and largest quota (409 plan_limit); a bigger plan allows more", async () => {
    const account = await createAccount();
    const domain = await ownedDomain(account);
    const tooBig = await call(createMailbox, {
      token: account.accessToken,
      body: { address: `big@${domain.name}`, password: strongPassword(), quotaMb: 2048 },
    });
    expect(tooBig.status).toBe(409);
    expect(tooBig.error?.code).toBe("plan_limit");
    await newMailbox(account, domain);
    const second = await newMailbox(account, domain, { quotaMb: 10 });
    expect(second.quotaBytes).toBe(10 * MB);
    const third = await call(createMailbox, {
      token: account.accessToken,
      body: { address: `third@${domain.name}`, password: strongPassword() },
    });
    expect(third.status).toBe(409);
    expect(third.error?.code).toBe("plan_limit");
    expect(third.body.message).toContain("2 mailboxes");

    await sql("insert into subscriptions (account_id, plan_id, status) values ($1, 'pro', 'active')", [account.user.id]);
    const onPro = await newMailbox(account, domain, { quotaMb: 20 * 1024 });
    expect(onPro.quotaBytes).toBe(20 * 1024 * MB);
    const raised = await call(updateMailbox, {
      token: account.accessToken,
      params: { mailbox_id: onPro.id },
      body: { quotaMb: 26 * 1024 },
    });
    expect(raised.error?.code).toBe("plan_limit");
  });

  it("refuses an address a mailbox already has, whatever its spelling (409 address_taken)", async () => {
    const account = await createAccount();
    const domain = await ownedDomain(account);
    const first = await newMailbox(account, domain);
    const again = await call(createMailbox, {
      token: account.accessToken,
      body: { address: first.address.toUpperCase(), password: strongPassword() },
    });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("address_taken");
  });
});

describe("PATCH and DELETE /mailboxes/{mailbox_id}", () => {
  it("changes only the fields sent: name, password, quota and protocol switches", async () => {
    const account = await createAccount();
    const mailbox = await newMailbox(account, await ownedDomain(account));
    const params = { mailbox_id: mailbox.id };
    const [before] = await sql<{ password_hash: string }>("select password_hash from mailboxes where id = $1", [mailbox.id]);
    const unchanged = await call(updateMailbox, { token: account.accessToken, params, body: {} });
    expect(unchanged.body.data).toEqual(expect.objectContaining({ name: null, imapEnabled: true }));
    const changed = await call(updateMailbox, {
      token: account.accessToken,
      params,
      body: { name: "Front desk", imapEnabled: false, pop3Enabled: false, quotaMb: 500 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      name: "Front desk",
      imapEnabled: false,
      pop3Enabled: false,
      smtpEnabled: true,
      quotaBytes: 500 * MB,
    });
    const [same] = await sql<{ password_hash: string }>("select password_hash from mailboxes where id = $1", [mailbox.id]);
    expect(same!.password_hash).toBe(before!.password_hash);

    const password = strongPassword();
    expect((await call(updateMailbox, { token: account.accessToken, params, body: { password } })).status).toBe(200);
    const [after] = await sql<{ password_hash: string }>("select password_hash from mailboxes where id = $1", [mailbox.id]);
    expect(after!.password_hash).not.toBe(before!.password_hash);
    expect(after!.password_hash).toMatch(/^\{ARGON2ID\}/);
    expect((await activity(account, "mailbox.password_changed"))[0]?.metadata).toMatchObject({ changed: ["password"] });
    expect(JSON.stringify(await activity(account, "mailbox.password_changed"))).not.toContain(password);

    const bad = await call(updateMailbox, { token: account.accessToken, params, body: { password: "short", imapEnabled: "yes" } });
    expect(bad.error?.errors?.map((error) => error.path).sort()).toEqual(["imapEnabled", "password"]);
  });

  it("deletes a mailbox (then 404) and frees its address", async () => {
    const account = await createAccount();
    const domain = await ownedDomain(account);
    const mailbox = await newMailbox(account, domain);
    const params = { mailbox_id: mailbox.id };
    const deleted = await call(deleteMailbox, { token: account.accessToken, params });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toBeNull();
    expect((await call(getMailbox, { token: account.accessToken, params })).status).toBe(404);
    expect((await call(deleteMailbox, { token: account.accessToken, params })).status).toBe(404);
    expect(await activity(account, "mailbox.deleted")).toHaveLength(1);
    await newMailbox(account, domain, { address: mailbox.address });
  });
});

/** Mail as the child Dovecot stores it (mail_home = <state root>/mail/<domain>/<local part>; the state root is DATA_DIR or under /var/lib). */
function storeMail(address: string): string {
  const home = mailboxStorageDir(address, inject("serverDataDir"))!;
  const mails = path.join(home, "sdbox", "mailboxes", "INBOX", "dbox-Mails");
  mkdirSync(mails, { recursive: true });
  writeFileSync(path.join(mails, "u.1"), "Subject: kept?\r\n\r\nold mail\r\n");
  return home;
}

describe("the mail of deleted mailboxes", () => {
  it("is removed with the mailbox, and with its domain, so a new owner of the address never sees it", async () => {
    const account = await createAccount();
    const domain = await ownedDomain(account);
    const first = await newMailbox(account, domain);
    const second = await newMailbox(account, domain);
    const [firstHome, secondHome] = [storeMail(first.address), storeMail(second.address)];
    await call(deleteMailbox, { token: account.accessToken, params: { mailbox_id: first.id } });
    expect(existsSync(firstHome)).toBe(false);
    expect(existsSync(secondHome)).toBe(true);
    await call(deleteDomain, { token: account.accessToken, params: { domain_id: domain.domain_id } });
    expect(existsSync(secondHome)).toBe(false);
    expect(await sql("select 1 from mailboxes where domain_id = $1", [domain.domain_id])).toEqual([]);
  });
});

describe("who may manage mailboxes", () => {
  it("needs a session or a full API key: 401 without, 403 for a sending key", async () => {
    const account = await createAccount();
    const domain = await ownedDomain(account);
    expect((await call(listMailboxes)).status).toBe(401);
    expect((await call(createMailbox, { body: { address: `a@${domain.name}`, password: strongPassword() } })).status).toBe(401);
    const sending = await newApiKey(account, { scope: "sending" });
    const refused = await call(listMailboxes, { token: sending.secret });
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe("forbidden");
    const full = await newApiKey(account, { scope: "full" });
    const created = await call(createMailbox, { token: full.secret, body: { address: `key@${domain.name}`, password: strongPassword() } });
    expect(created.status).toBe(201);
  });

  it("answers 404 for another account's mailbox, an unknown id and any odd id", async () => {
    const owner = await createAccount();
    const stranger = await createAccount();
    const mailbox = await newMailbox(owner, await ownedDomain(owner));
    for (const id of [mailbox.id, "mbx_000000000000000000000000", "../x", "%00"]) {
      const params = { mailbox_id: id };
      expect((await call(getMailbox, { token: stranger.accessToken, params })).status, id).toBe(404);
      expect((await call(updateMailbox, { token: stranger.accessToken, params, body: { name: "x" } })).status, id).toBe(404);
      expect((await call(deleteMailbox, { token: stranger.accessToken, params })).status, id).toBe(404);
    }
    expect((await call(getMailbox, { token: owner.accessToken, params: { mailbox_id: mailbox.id } })).body.data.name).toBeNull();
    expect((await call(listMailboxes, { token: stranger.accessToken })).body.data).toEqual([]);
  });

  it("answers 405 for a wrong method", async () => {
    const account = await createAccount();
    const response = await request("/mailboxes", { method: "PUT", token: account.accessToken });
    expect(response.status).toBe(405);
  });
});
