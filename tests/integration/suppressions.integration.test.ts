// The suppression list end to end: its API (scopes, validation, isolation
// between accounts), and sends dropping suppressed recipients at acceptance
// (REST single and batch, SMTP submission): a `suppressed` event each, the
// envelope without them, and a message with none left stored as
// `suppressed`, never queued and not charged.
import { beforeAll, describe, expect, inject, it } from "vitest";
import nodemailer from "nodemailer";
import { readFileSync } from "node:fs";
import path from "node:path";
import { getSubscription } from "@/shared/api/endpoints/billing";
import { getMessage, listMessages, sendMessage, sendMessageBatch } from "@/shared/api/endpoints/messages";
import { addSuppression, listSuppressions, removeSuppression } from "@/shared/api/endpoints/suppressions";
import { call, request } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { newApiKey } from "../support/sending";
import { verifiedDomain } from "../support/domains";

describe("the suppression list API", () => {
  it("adds, lists, filters and removes addresses, case-insensitively", async () => {
    const account = await createAccount();
    const first = uniqueEmail("Someone");
    const added = await call(addSuppression, { token: account.accessToken, body: { email: first } });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe("Address suppressed");
    expect(added.body.data).toEqual({ email: first.toLowerCase(), reason: "manual", messageId: null, createdAt: expect.any(String) });
    // Adding it again (any case) is not an error and changes nothing.
    const again = await call(addSuppression, { token: account.accessToken, body: { email: first.toUpperCase() } });
    expect(again.status).toBe(201);
    expect(again.body.message).toBe("Address already suppressed");
    expect(again.body.data).toEqual(added.body.data);
    const second = uniqueEmail("other");
    await call(addSuppression, { token: account.accessToken, body: { email: second } });

    const listed = await call(listSuppressions, { token: account.accessToken });
    expect(listed.body.data.items.map((item) => item.email)).toEqual([second, first.toLowerCase()]);
    expect(listed.body.data.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
    const filtered = await call(listSuppressions, { token: account.accessToken, query: { email: "SOMEONE" } });
    expect(filtered.body.data.items.map((item) => item.email)).toEqual([first.toLowerCase()]);
    const paged = await call(listSuppressions, { token: account.accessToken, query: { limit: "1", page: "2" } });
    expect(paged.body.data.items.map((item) => item.email)).toEqual([first.toLowerCase()]);

    const removed = await call(removeSuppression, { token: account.accessToken, params: { email: first.toUpperCase() } });
    expect(removed.status).toBe(200);
    expect((await call(listSuppressions, { token: account.accessToken })).body.data.items.map((item) => item.email)).toEqual([second]);
    expect((await call(removeSuppression, { token: account.accessToken, params: { email: first } })).status).toBe(404);
    const activity = await sql<{ type: string }>(
      "select type from activity_events where account_id = $1 and type like 'suppression.%' order by created_at",
      [account.user.id],
    );
    expect(activity.map((row) => row.type)).toEqual(["suppression.added", "suppression.added", "suppression.removed"]);
  });

  it("refuses bad input with 400 and the field's path", async () => {
    const account = await createAccount();
    for (const body of [{ email: "not an address" }, { email: "" }, {}, { email: "a@example.org", reason: "manual" }]) {
      const refused = await call(addSuppression, { token: account.accessToken, body: body as { email: string } });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.error?.code).toBe("validation_error");
    }
    expect((await call(listSuppressions, { token: account.accessToken, query: { limit: "0" } })).status).toBe(400);
    expect((await call(listSuppressions, { token: account.accessToken, query: { email: "x".repeat(300) } })).status).toBe(400);
  });

  it("needs a session or a key: any key may read, only a full key may change", async () => {
    const account = await createAccount();
    expect((await call(listSuppressions, {})).status).toBe(401);
    expect((await call(addSuppression, { body: { email: uniqueEmail() } })).status).toBe(401);
    expect((await call(removeSuppression, { params: { email: uniqueEmail() } })).status).toBe(401);
    const sending = await newApiKey(account, { scope: "sending" });
    const full = await newApiKey(account, { scope: "full" });
    expect((await call(listSuppressions, { token: sending.secret })).status).toBe(200);
    const email = uniqueEmail("by-key");
    expect((await call(addSuppression, { token: sending.secret, body: { email } })).status).toBe(403);
    expect((await call(addSuppression, { token: full.secret, body: { email } })).status).toBe(201);
    expect((await call(removeSuppression, { token: sending.secret, params: { email } })).status).toBe(403);
    expect((await call(removeSuppression, { token: full.secret, params: { email } })).status).toBe(200);
  });

  it("keeps each account's list to itself: another account's entry is 404 and unlisted", async () => {
    const owner = await createAccount();
    const stranger = await createAccount();
    const email = uniqueEmail("private");
    await call(addSuppression, { token: owner.accessToken, body: { email } });
    expect((await call(listSuppressions, { token: stranger.accessToken })).body.data.items).toEqual([]);
    expect((await call(listSuppressions, { token: stranger.accessToken, query: { email } })).body.data.pagination.total).toBe(0);
    expect((await call(removeSuppression, { token: stranger.accessToken, params: { email } })).status).toBe(404);
    expect((await call(listSuppressions, { token: owner.accessToken })).body.data.items.map((item) => item.email)).toEqual([email]);
    // A raw request with the address URL-encoded, as clients send it.
    const raw = await request(`/sending/suppressions/${encodeURIComponent(email)}`, { method: "DELETE", token: owner.accessToken });
    expect(raw.status).toBe(200);
  });
});

describe("sending to suppressed recipients", () => {
  let account: TestAccount;
  let from: string;
  const blocked = uniqueEmail("blocked");

  beforeAll(async () => {
    account = await createAccount();
    from = `news@${(await verifiedDomain(account)).name}`;
    await call(addSuppression, { token: account.accessToken, body: { email: blocked } });
  });

  const envelopeOf = async (id: string) =>
    (await sql<{ envelope_to: string[] }>("select envelope_to from message_contents where message_id = $1", [id]))[0]!.envelope_to;
  const jobsOf = async (id: string) =>
    Number((await sql<{ n: string }>("select count(*) as n from pgboss.job where data->>'messageId' = $1", [id]))[0]!.n);

  it("drops a suppressed recipient (any case) with a suppressed event and sends to the others", async () => {
    const kept = uniqueEmail("kept");
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from, to: [kept, `Blocked <${blocked.toUpperCase()}>`], subject: "Partly", text: "x" },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data.status).toBe("queued");
    expect(sent.body.data.events.map((event) => [event.type, String(event.detail.recipient ?? "").toLowerCase()])).toEqual([
      ["suppressed", blocked],
      ["queued", ""],
    ]);
    expect(await envelopeOf(sent.body.data.id)).toEqual([kept]);
  });

  it("stores a message with no recipient left as suppressed: never queued, not charged", async () => {
    const before = (await call(getSubscription, { token: account.accessToken })).body.data.emailsUsed;
    const sent = await call(sendMessage, { token: account.accessToken, body: { from, to: blocked, subject: "None", text: "x" } });
    expect(sent.status).toBe(201);
    expect(sent.body.data.status).toBe("suppressed");
    expect(sent.body.data.events.map((event) => event.type)).toEqual(["suppressed"]);
    expect(await jobsOf(sent.body.data.id)).toBe(0);
    expect((await call(getSubscription, { token: account.accessToken })).body.data.emailsUsed).toBe(before);
    const [usage] = await sql<{ used: string }>("select sum(used) as used from message_usage where account_id = $1", [account.user.id]);
    expect(Number(usage!.used)).toBe(before);
    const listed = await call(listMessages, { token: account.accessToken, query: { status: "suppressed" } });
    expect(listed.body.data.items.map((item) => item.id)).toEqual([sent.body.data.id]);
    const read = await call(getMessage, { token: account.accessToken, params: { message_id: sent.body.data.id } });
    expect(read.body.data).toMatchObject({ status: "suppressed", events: [{ type: "suppressed", detail: { recipient: blocked } }] });
  });

  it("splits a batch: each message drops its own suppressed recipients, in one request", async () => {
    const kept = uniqueEmail("batch-kept");
    const batch = await call(sendMessageBatch, {
      token: account.accessToken,
      body: {
        messages: [
          { from, to: blocked, subject: "B1", text: "x" },
          { from, to: kept, cc: blocked, subject: "B2", text: "x" },
        ],
      },
    });
    expect(batch.status).toBe(201);
    const [first, second] = batch.body.data.items;
    expect(first!.status).toBe("suppressed");
    expect(second!.status).toBe("queued");
    expect(second!.events.map((event) => event.type)).toEqual(["suppressed", "queued"]);
    expect(await envelopeOf(second!.id)).toEqual([kept]);
    expect(await jobsOf(first!.id)).toBe(0);
    expect(await jobsOf(second!.id)).toBe(1);
  });

  it("accepts a message to suppressed recipients only even with the quota used up", async () => {
    const full = await createAccount();
    const domain = await verifiedDomain(full);
    await sql(
      `insert into messages (id, account_id, domain_id, from_domain, from_header, to_addresses, subject, message_id_header, status)
       select 'msg_fill' || lpad(g::text, 20, '0') || substr($1, 5, 4), $1, $2, $3, 'a@' || $3, '["x@example.org"]', 'old', '<' || g || '@x>', 'sent'
       from generate_series(1, 3000) as g`,
      [full.user.id, domain.domain_id, domain.name],
    );
    await call(addSuppression, { token: full.accessToken, body: { email: blocked } });
    const body = (to: string) => ({ from: `a@${domain.name}`, to, subject: "Q", text: "Q" });
    expect((await call(sendMessage, { token: full.accessToken, body: body(uniqueEmail()) })).error?.code).toBe("quota_exceeded");
    const suppressed = await call(sendMessage, { token: full.accessToken, body: body(blocked) });
    expect(suppressed.status).toBe(201);
    expect(suppressed.body.data.status).toBe("suppressed");
  });

  it("drops suppressed recipients of a message submitted over SMTP", async () => {
    const key = await newApiKey(account, { scope: "sending" });
    const kept = uniqueEmail("smtp-kept");
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: inject("submission").port,
      requireTLS: true,
      auth: { user: "apikey", pass: key.secret },
      tls: { ca: readFileSync(path.join(inject("serverDataDir"), "mail-tls", "localhost.crt")), servername: "localhost" },
    });
    await transport.sendMail({ from, to: kept, bcc: blocked, subject: "Over SMTP", text: "x" });
    const alone = await transport.sendMail({ from, to: blocked, subject: "Only suppressed", text: "x" });
    expect(alone.response).toMatch(/^250 /);
    const listed = await call(listMessages, { token: account.accessToken, query: { search: "Over SMTP" } });
    const partly = listed.body.data.items[0]!;
    expect(await envelopeOf(partly.id)).toEqual([kept]);
    const none = (await call(listMessages, { token: account.accessToken, query: { search: "Only suppressed" } })).body.data.items[0]!;
    expect(none.status).toBe("suppressed");
  });
});
