import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { getMe, login, register } from "@/shared/api/endpoints/auth";
import { sendMagicLink } from "@/shared/api/endpoints/email-sign-in";
import { cancelAccountDeletion, deleteAccount, listActivity } from "@/shared/api/endpoints/settings";
import { setupTwoFactor } from "@/shared/api/endpoints/two-factor";
import { createApiKey } from "@/shared/api/endpoints/api-keys";
import { sendFromMailbox } from "@/shared/api/endpoints/mailbox-compose";
import { createAppPassword } from "@/shared/api/endpoints/mailbox-credentials";
import { getMailboxRules, putMailboxRules } from "@/shared/api/endpoints/mailbox-rules";
import { listMessages, sendMessage } from "@/shared/api/endpoints/messages";
import { createDomain } from "@/shared/api/endpoints/sending-domains";
import { createSmtpRelay } from "@/shared/api/endpoints/smtp-relays";
import { openSupportTicket } from "@/shared/api/endpoints/support";
import { call } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, signIn, strongPassword, type TestAccount } from "../support/factories";
import { emailsTo, waitForEmail } from "../support/captured-email";
import { verifiedDomain } from "../support/domains";
import { newMailbox, rawMessage } from "../support/hosted-mailboxes";
import { mxTransaction, short } from "../support/mx-client";
import { holdsFor } from "../support/poll";

// Tables holding an account's data, and the column that ties a row to it.
const OWNED: [table: string, predicate: string][] = [
  ["accounts", "id = $1"],
  ["sessions", "account_id = $1"],
  ["refresh_tokens", "session_id in (select id from sessions where account_id = $1)"],
  ["activity_events", "account_id = $1"],
  ["one_time_codes", "account_id = $1"],
  ["two_factor_secrets", "account_id = $1"],
  ["recovery_codes", "account_id = $1"],
  ["two_factor_challenges", "account_id = $1"],
  ["support_tickets", "account_id = $1"],
  ["sending_domains", "account_id = $1"],
  ["sending_domain_records", "domain_id in (select id from sending_domains where account_id = $1)"],
  ["smtp_relays", "account_id = $1"],
  ["api_keys", "account_id = $1"],
  ["messages", "account_id = $1"],
  ["message_events", "message_id in (select id from messages where account_id = $1)"],
  ["message_contents", "message_id in (select id from messages where account_id = $1)"],
  ["message_usage", "account_id = $1"],
  ["idempotency_keys", "account_id = $1"],
  ["subscriptions", "account_id = $1"],
  ["payments", "account_id = $1"],
  ["invoices", "account_id = $1"],
  ["email_credit_entries", "account_id = $1"],
  ["oauth_identities", "account_id = $1"],
];

/** Rows of the areas whose creation needs outside parties (DNS proof, a payment, a provider), written as the app stores them. */
async function seedOwnedRows(account: TestAccount) {
  const id = account.user.id;
  const domain = await call(createDomain, { token: account.accessToken, body: { name: `gone-${id.slice(4, 12)}.example.net` } });
  await call(createSmtpRelay, { token: account.accessToken, body: { name: "MTA", smtp_host: "mail.example.net", smtp_port: 587 } });
  await call(createApiKey, { token: account.accessToken, body: { name: "key" } });
  await sql(
    `insert into messages (id, account_id, domain_id, from_domain, from_header, to_addresses, subject, message_id_header)
     values ($1, $2, $3, 'x', 'a@x', '["b@example.org"]', 's', '<m@x>')`,
    [`msg_${id.slice(4)}`, id, domain.body.data.domain_id],
  );
  await sql("insert into message_events (id, message_id, type) values ($1, $2, 'queued')", [`mev_${id.slice(4)}`, `msg_${id.slice(4)}`]);
  await sql("insert into message_contents (message_id, envelope_from, envelope_to, raw) values ($1, 'a@x', '[\"b@example.org\"]', 'raw')", [
    `msg_${id.slice(4)}`,
  ]);
  await sql("insert into message_usage (account_id, period_start, used) values ($1, now(), 1)", [id]);
  await sql("insert into idempotency_keys (account_id, key, request_hash, message_ids) values ($1, 'k', 'h', $2)", [
    id,
    JSON.stringify([`msg_${id.slice(4)}`]),
  ]);
  await sql("insert into subscriptions (account_id, plan_id, status) values ($1, 'pro', 'active')", [id]);
  await sql(
    "insert into payments (reference, account_id, provider, plan_id, amount, currency, status, checkout_url) values ($1, $2, 'sandbox', 'pro', 5000, 'USD', 'succeeded', 'http://x')",
    [`pay-${id}`, id],
  );
  await sql(
    "insert into invoices (id, account_id, payment_reference, number, description, amount, currency, status, issued_at) values ($1, $2, $3, $4, 'Pro', 5000, 'USD', 'paid', now())",
    [`inv_${id.slice(4)}`, id, `pay-${id}`, `T-${id}`],
  );
  await sql("insert into email_credit_entries (account_id, delta, reason) values ($1, 10, 'test')", [id]);
  await sql("insert into oauth_identities (id, account_id, provider, subject) values ($1, $2, 'github', $3)", [
    `oid_${id.slice(4)}`,
    id,
    `gh-${id}`,
  ]);
}

async function rowsOwnedBy(accountId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, predicate] of OWNED) {
    const [row] = await sql<{ n: string }>(`select count(*) as n from ${table} where ${predicate}`, [accountId]);
    counts[table] = Number(row!.n);
  }
  return counts;
}

describe("DELETE /account", () => {
  it("schedules erasure 30 days out, signs out everywhere, emails, and can be cancelled after signing in again", async () => {
    const account = await createAccount();
    const other = await signIn(account);
    const scheduled = await call(deleteAccount, { token: account.accessToken });
    expect(scheduled.status).toBe(200);
    const when = new Date(scheduled.body.data.deletionScheduledFor).getTime();
    expect(Math.abs(when - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    expect((await call(getMe, { token: account.accessToken })).status).toBe(401);
    expect((await call(getMe, { token: other.accessToken })).status).toBe(401);
    expect((await waitForEmail(account.email, { subject: "Your account will be deleted" })).text).toContain("/sign-in");

    const back = await call(login, { body: { email: account.email, password: account.password } });
    expect(back.status).toBe(200);
    expect(back.body.data.user.deletionScheduledFor).toBe(scheduled.body.data.deletionScheduledFor);
    expect((await call(cancelAccountDeletion, { token: back.body.data.accessToken })).status).toBe(200);
    expect((await call(getMe, { token: back.body.data.accessToken })).body.data.deletionScheduledFor).toBeNull();
    const types = (await call(listActivity, { token: back.body.data.accessToken })).body.data.items.map((item) => item.type);
    expect(types).toEqual(expect.arrayContaining(["account.deletion_scheduled", "account.deletion_canceled"]));
    expect((await call(cancelAccountDeletion, { token: back.body.data.accessToken })).error?.code).toBe("conflict");
  });

  it("needs a fresh session (403 otherwise), a token (401) and a valid body (400)", async () => {
    const account = await createAccount();
    expect((await call(deleteAccount, { token: account.accessToken, body: { reason: "bye" } })).status).toBe(400);
    expect((await call(deleteAccount)).status).toBe(401);
    expect((await call(cancelAccountDeletion)).status).toBe(401);
    await sql("update sessions set authenticated_at = now() - interval '16 minutes' where account_id = $1", [account.user.id]);
    expect((await call(deleteAccount, { token: account.accessToken })).error?.code).toBe("reauthentication_required");
    expect((await call(getMe, { token: account.accessToken })).body.data.deletionScheduledFor).toBeNull();
  });
});

describe("an account scheduled for deletion", () => {
  it("can read and cancel, but every door refuses a change or a send until it cancels: API, webmail, app passwords, rules and their forwards", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "leaving");
    const box = await newMailbox(account, domain);
    const target = `forward-${randomBytes(4).toString("hex")}@example.net`;
    const rules = { filters: [], forwarding: { to: [target], keepCopy: true }, vacation: null };
    expect((await call(putMailboxRules, { token: account.accessToken, params: { mailbox_id: box.id }, body: rules })).status).toBe(200);
    expect((await call(deleteAccount, { token: account.accessToken })).status).toBe(200);
    const back = await call(login, { body: { email: account.email, password: account.password } });
    const token = back.body.data.accessToken;
    const message = { from: `hello@${domain.name}`, to: "someone@example.org", subject: "Still here?", text: "Hi" };

    const refused = await call(sendMessage, { token, body: message });
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: "forbidden", reason: "deletion_scheduled" });
    expect(refused.body.message).toMatch(/scheduled for deletion.*cancel/i);
    const webmail = { from: box.address, to: ["someone@example.org"], subject: "From webmail", text: "Hi" };
    expect((await call(sendFromMailbox, { token, params: { mailbox_id: box.id }, body: webmail })).status).toBe(403);
    expect(
      (await call(createAppPassword, { token, params: { mailbox_id: box.id }, body: { name: "phone", protocols: ["imap"] } })).status,
    ).toBe(403);
    expect((await call(putMailboxRules, { token, params: { mailbox_id: box.id }, body: { ...rules, forwarding: null } })).status).toBe(403);
    expect((await call(createApiKey, { token, body: { name: "late key" } })).status).toBe(403);
    // Reads still answer.
    expect((await call(getMailboxRules, { token, params: { mailbox_id: box.id } })).status).toBe(200);
    expect((await call(listMessages, { token })).status).toBe(200);

    // The mailbox still receives, but its forwarding rule sends nothing out.
    const subject = `Not forwarded ${randomBytes(4).toString("hex")}`;
    const sent = await mxTransaction(inject("mxPort"), "sender@example.org", [box.address], rawMessage(box.address, subject));
    expect(short(sent.data)).toBe("250 2.0.0");
    expect(await holdsFor(() => !emailsTo(target).some((email) => email.subject === subject), 5_000)).toBe(true);

    expect((await call(cancelAccountDeletion, { token })).status).toBe(200);
    expect((await call(sendMessage, { token, body: message })).status).toBe(201);
  });
});

describe("the purge job", () => {
  let purgeDueAccounts: (at?: Date) => Promise<number>;

  beforeAll(async () => {
    // Run the job's own code against the server's database, with a clock 31 days ahead.
    process.env.DATABASE_URL = inject("databaseUrl");
    process.env.DATA_DIR = inject("serverDataDir");
    process.env.LOG_LEVEL = "silent";
    ({ purgeDueAccounts } = await import("@/server/services/account/account-deletion"));
  });

  it("erases every row the account owns once the grace period ends, and nothing of anyone else", async () => {
    const [leaving, staying] = await Promise.all([createAccount(), createAccount()]);
    for (const account of [leaving, staying]) {
      await signIn(account);
      await call(setupTwoFactor, { token: account.accessToken });
      await call(sendMagicLink, { body: { email: account.email } });
      await call(openSupportTicket, {
        token: account.accessToken,
        body: { email: account.email, subject: "Hello", message: "Before I go" },
      });
      await seedOwnedRows(account);
      await sql("insert into recovery_codes (id, account_id, code_hash) values ($1, $2, 'x')", [`rec_${account.user.id}`, account.user.id]);
      await sql(
        "insert into two_factor_challenges (token_hash, account_id, sign_in_method, expires_at) values ($1, $2, 'password', now())",
        [`h_${account.user.id}`, account.user.id],
      );
    }
    await call(deleteAccount, { token: leaving.accessToken });
    const before = await rowsOwnedBy(leaving.user.id);
    for (const [table] of OWNED) expect(before[table], table).toBeGreaterThan(0);
    const stayingBefore = await rowsOwnedBy(staying.user.id);

    expect(await purgeDueAccounts(new Date())).toBe(0); // not yet due
    expect(await purgeDueAccounts(new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);

    const after = await rowsOwnedBy(leaving.user.id);
    for (const [table] of OWNED) expect(after[table], table).toBe(0);
    expect(await rowsOwnedBy(staying.user.id)).toEqual(stayingBefore);
    const again = await call(register, { body: { email: leaving.email, password: strongPassword() } });
    expect(again.status).toBe(201);
  });
});
