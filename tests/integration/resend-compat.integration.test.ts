// The Resend-compatible surface driven by the official `resend` SDK (the version
// in package.json, not a copy), pointed at this server with `baseUrl`: sends,
// batches in both validation modes, reading, listing by cursor, rescheduling,
// cancelling, domains, API keys, every error name and Idempotency-Key replays;
// mail arrives at the SMTP sink DKIM-signed. nodemailer with Resend's SMTP
// settings (username `resend`) delivers through this host.
import { readFileSync } from "node:fs";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { Resend } from "resend";
import { describe, expect, inject, it } from "vitest";
import { getMessage, rescheduleMessage, sendMessage } from "@/shared/api/endpoints/messages";
import { createTemplate } from "@/shared/api/endpoints/templates";
import { createTopic } from "@/shared/api/endpoints/topics";
import { baseUrl, call } from "../support/api-client";
import { emailsTo, expectNoEmail, waitForEmail } from "../support/captured-email";
import { verifiedDomain } from "../support/domains";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { eventually, holdsFor } from "../support/poll";
import { dkimResolver, newApiKey } from "../support/sending";
import { queuedId } from "../support/submission-client";

const compatUrl = () => `${baseUrl()}/compat/resend`;
const sdk = (key: string) => new Resend(key, { baseUrl: compatUrl() });

async function sender(scope: "full" | "sending" = "full") {
  const account = await createAccount();
  const domain = await verifiedDomain(account);
  const key = await newApiKey(account, { scope });
  return { account, domain, key, resend: sdk(key.secret), from: `Acme <hello@${domain.name}>` };
}

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

describe("Resend-compatible surface: emails", () => {
  it("sends through the SDK; the mail arrives DKIM-signed and reads back in Resend's shape with each recipient", async () => {
    const { resend, from, domain } = await sender();
    const to = uniqueEmail("sdk");
    const sent = await resend.emails.send({
      from,
      to,
      cc: [uniqueEmail("cc")],
      replyTo: "support@example.org",
      subject: "Hello from the SDK",
      html: "<p>Hi <strong>there</strong></p>",
      tags: [{ name: "kind", value: "welcome" }],
      attachments: [{ filename: "note.txt", content: Buffer.from("attached text") }],
    });
    expect(sent.error).toBeNull();
    expect(sent.data?.id).toMatch(/^msg_/);

    const email = await waitForEmail(to);
    const parsed = await simpleParser(email.raw);
    expect(parsed.subject).toBe("Hello from the SDK");
    expect(parsed.attachments.map((file) => [file.filename, file.content.toString()])).toEqual([["note.txt", "attached text"]]);
    expect(parsed.replyTo?.text).toBe("support@example.org");
    const verdict = await dkimVerify(email.raw, { resolver: dkimResolver() });
    expect(verdict.results[0]).toMatchObject({ signingDomain: domain.name, status: { result: "pass" } });

    const read = await eventually(
      async () => (await resend.emails.get(sent.data!.id)).data,
      (data) => data?.last_event === "delivered" || data?.last_event === "sent",
    );
    expect(read).toMatchObject({
      object: "email",
      id: sent.data!.id,
      from,
      to: [to],
      reply_to: ["support@example.org"],
      subject: "Hello from the SDK",
      tags: [{ name: "kind", value: "welcome" }],
      scheduled_at: null,
    });
    expect(read!.html).toContain("<strong>there</strong>");
    const recipients = (read as unknown as { recipients: { email: string; status: string }[] }).recipients;
    expect(recipients.map((recipient) => recipient.email)).toEqual([to, expect.stringContaining("@example.test")]);
    expect(["sent", "delivered"]).toContain(recipients[0]!.status);
  });

  it("lists newest first and pages with after and before", async () => {
    const { resend, from } = await sender();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const sent = await resend.emails.send({ from, to: uniqueEmail(`list${n}`), subject: `List ${n}`, text: "x" });
      ids.push(sent.data!.id);
    }
    const first = await resend.emails.list({ limit: 2 });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ object: "list", has_more: true });
    expect(first.data!.data.map((email) => email.id)).toEqual([ids[2], ids[1]]);
    expect(first.data!.data[0]).not.toHaveProperty("html");
    const next = await resend.emails.list({ limit: 2, after: ids[1] });
    expect(next.data).toMatchObject({ has_more: false, data: [expect.objectContaining({ id: ids[0], subject: "List 1" })] });
    const back = await resend.emails.list({ limit: 1, before: ids[0] });
    expect(back.data).toMatchObject({ has_more: true, data: [expect.objectContaining({ id: ids[1] })] });
    const unknown = await resend.emails.list({ after: "msg_unknown" });
    expect(unknown.error).toMatchObject({ statusCode: 422, name: "validation_error" });
  });

  it("reschedules a scheduled email, which then goes at its new time; cancels another; a sent one can be neither", async () => {
    const { resend, from } = await sender();
    const to = uniqueEmail("moved");
    const scheduled = await resend.emails.send({ from, to, subject: "Later", text: "moved", scheduledAt: inAnHour() });
    expect((await resend.emails.get(scheduled.data!.id)).data).toMatchObject({ last_event: "scheduled" });
    const soon = new Date(Date.now() + 2_000).toISOString();
    const moved = await resend.emails.update({ id: scheduled.data!.id, scheduledAt: soon });
    expect(moved).toMatchObject({ error: null, data: { object: "email", id: scheduled.data!.id } });
    expect(Date.parse((await resend.emails.get(scheduled.data!.id)).data!.scheduled_at!)).toBe(Date.parse(soon));
    await waitForEmail(to, { timeoutMs: 20_000 });

    const other = uniqueEmail("canceled");
    const later = await resend.emails.send({ from, to: other, subject: "Never", text: "x", scheduledAt: inAnHour() });
    expect(await resend.emails.cancel(later.data!.id)).toMatchObject({ error: null, data: { object: "email", id: later.data!.id } });
    expect((await resend.emails.get(later.data!.id)).data).toMatchObject({ last_event: "canceled" });
    const again = await resend.emails.update({ id: later.data!.id, scheduledAt: inAnHour() });
    expect(again.error).toMatchObject({ statusCode: 409, name: "validation_error" });
    expect((await resend.emails.cancel(later.data!.id)).error).toMatchObject({ statusCode: 409, name: "validation_error" });
    const past = await resend.emails.update({ id: scheduled.data!.id, scheduledAt: "2020-01-01T00:00:00Z" });
    expect(past.error).toMatchObject({ statusCode: 422, name: "validation_error", message: expect.stringContaining("scheduled_at") });
    await expectNoEmail(other, 500);
  });

  it("replays a send with the same Idempotency-Key and refuses the key for another body", async () => {
    const { resend, from } = await sender();
    const to = uniqueEmail("once");
    const body = { from, to, subject: "Once", text: "only once" };
    const first = await resend.emails.send(body, { idempotencyKey: "order-1042" });
    const replay = await resend.emails.send(body, { idempotencyKey: "order-1042" });
    expect(replay.data?.id).toBe(first.data?.id);
    expect(replay.headers?.["idempotent-replayed"]).toBe("true");
    const conflict = await resend.emails.send({ ...body, subject: "Other" }, { idempotencyKey: "order-1042" });
    expect(conflict.error).toMatchObject({ statusCode: 409, name: "invalid_idempotent_request" });
    const badKey = await resend.emails.send(body, { idempotencyKey: "bad key with spaces" });
    expect(badKey.error).toMatchObject({ statusCode: 400, name: "invalid_idempotency_key" });
    await waitForEmail(to);
    await holdsFor(() => emailsTo(to).length === 1, 500);
    expect(emailsTo(to)).toHaveLength(1);
  });

  it("sends a stored template and a topic's mail with the SDK's template and topicId", async () => {
    const { account, resend, from } = await sender();
    const template = await call(createTemplate, {
      token: account.accessToken,
      body: { name: "Hi", subject: "Hi {{name}}", text: "Hello {{name}}", variables: { type: "object" } } as never,
    });
    const topic = await call(createTopic, { token: account.accessToken, body: { name: "News", defaultSubscription: "opt_out" } });
    const to = uniqueEmail("templated");
    const sent = await resend.emails.send({
      from,
      to,
      template: { id: template.body.data.id, variables: { name: "Ada" } },
      topicId: topic.body.data.id,
    } as never);
    expect(sent.error).toBeNull();
    const email = await waitForEmail(to);
    expect(email.subject).toBe("Hi Ada");
    expect(email.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect((await resend.emails.get(sent.data!.id)).data).toMatchObject({ topic_id: topic.body.data.id });
    const unknownTopic = await resend.emails.send({ from, to, subject: "x", text: "x", topicId: `top_${"0".repeat(24)}` });
    expect(unknownTopic.error).toMatchObject({ statusCode: 404, name: "not_found" });
  });

  it("answers invalid input with 422 validation_error naming the field in snake_case, and sends nothing", async () => {
    const { resend, from } = await sender();
    const noSubject = await resend.emails.send({ from, to: uniqueEmail("x"), text: "x" } as never);
    expect(noSubject).toMatchObject({ data: null, error: { statusCode: 422, name: "validation_error" } });
    expect(noSubject.error!.message).toContain("`subject`");
    const badReplyTo = await resend.emails.send({ from, to: uniqueEmail("x"), subject: "x", text: "x", replyTo: "not an address" });
    expect(badReplyTo.error!.message).toContain("`reply_to`");
    const remote = await resend.emails.send({
      from,
      to: uniqueEmail("x"),
      subject: "x",
      text: "x",
      attachments: [{ filename: "a.pdf", path: "https://example.com/a.pdf" }],
    });
    expect(remote.error).toMatchObject({ statusCode: 422, message: expect.stringContaining("attachments[0].path") });
    const unverified = await resend.emails.send({ from: "someone@gmail.com", to: uniqueEmail("x"), subject: "x", text: "x" });
    expect(unverified.error).toMatchObject({ statusCode: 422, name: "validation_error" });
  });
});

describe("Resend-compatible surface: batch", () => {
  it("strict (the default) refuses the whole batch for one bad email; permissive sends the others and names it by index", async () => {
    const { resend, from } = await sender();
    const [a, b, c] = [uniqueEmail("ba"), uniqueEmail("bb"), uniqueEmail("bc")];
    const strict = await resend.batch.send([
      { from, to: a, subject: "A", text: "a" },
      { from, to: "not an address", subject: "B", text: "b" },
    ]);
    expect(strict.error).toMatchObject({ statusCode: 422, name: "validation_error", message: expect.stringContaining("[1].to") });

    const permissive = await resend.batch.send(
      [
        { from, to: a, subject: "A", text: "a" },
        { from, to: "not an address", subject: "B", text: "b" },
        { from: "x@unverified.example", to: b, subject: "B2", text: "b" },
        { from, to: c, subject: "C", text: "c", attachments: [{ filename: "c.txt", content: "Yw==" }] } as never,
      ],
      { batchValidation: "permissive" },
    );
    expect(permissive.error).toBeNull();
    expect(permissive.data!.data).toHaveLength(2);
    expect(permissive.data!.errors.map((entry) => entry.index)).toEqual([1, 2]);
    expect((await waitForEmail(a)).subject).toBe("A");
    const withAttachment = await simpleParser((await waitForEmail(c)).raw);
    expect(withAttachment.attachments.map((file) => file.content.toString())).toEqual(["c"]);
    await expectNoEmail(b, 500);
  });

  it("replays a batch with the same Idempotency-Key", async () => {
    const { resend, from } = await sender();
    const emails = [1, 2].map((n) => ({ from, to: uniqueEmail(`bi${n}`), subject: `B${n}`, text: "x" }));
    const first = await resend.batch.send(emails, { idempotencyKey: "batch-7" });
    const replay = await resend.batch.send(emails, { idempotencyKey: "batch-7" });
    expect(replay.data!.data).toEqual(first.data!.data);
    expect(replay.headers?.["idempotent-replayed"]).toBe("true");
  });
});

describe("Resend-compatible surface: domains and API keys", () => {
  it("creates, lists, reads, verifies and removes a domain", async () => {
    const { resend, domain } = await sender();
    const name = `new-${Date.now().toString(36)}.example.net`;
    const created = await resend.domains.create({ name });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ name, region: "global" });
    expect(["not_started", "pending"]).toContain(created.data!.status);
    expect(created.data!.records.map((record) => record.record)).toEqual(expect.arrayContaining(["SPF", "DKIM", "DMARC"]));
    const listed = await resend.domains.list();
    expect(listed.data!.data.map((entry) => entry.name).sort()).toEqual([domain.name, name].sort());
    expect((await resend.domains.list({ limit: 1 })).data).toMatchObject({ has_more: true });
    const read = await resend.domains.get(domain.id);
    expect(read.data).toMatchObject({ object: "domain", id: domain.id, status: "verified" });
    expect(await resend.domains.verify(created.data!.id)).toMatchObject({ error: null, data: { object: "domain", id: created.data!.id } });
    expect(await resend.domains.remove(created.data!.id)).toMatchObject({ data: { object: "domain", deleted: true } });
    expect((await resend.domains.get(created.data!.id)).error).toMatchObject({ statusCode: 404, name: "not_found" });
    const duplicate = await resend.domains.create({ name: domain.name });
    expect(duplicate.error).toMatchObject({ statusCode: 409, name: "validation_error" });
  });

  it("a full key creates a sending key (optionally for one domain) that sends, lists and revokes keys; a sending key may not", async () => {
    const { resend, domain, from } = await sender();
    const created = await resend.apiKeys.create({ name: "from the SDK", permission: "sending_access", domain_id: domain.id });
    expect(created.error).toBeNull();
    expect(created.data!.token).toMatch(/^ces_/);
    const restricted = sdk(created.data!.token);
    const to = uniqueEmail("restricted");
    expect((await restricted.emails.send({ from, to, subject: "Via new key", text: "x" })).error).toBeNull();
    await waitForEmail(to);
    expect((await restricted.apiKeys.create({ name: "escalate" })).error).toMatchObject({ statusCode: 403, name: "restricted_api_key" });
    expect((await restricted.domains.list()).error).toMatchObject({ statusCode: 403, name: "restricted_api_key" });
    const keys = await resend.apiKeys.list();
    expect(keys.data!.data.map((key) => key.name)).toContain("from the SDK");
    expect(keys.data!.data[0]).not.toHaveProperty("token");
    expect(await resend.apiKeys.remove(created.data!.id)).toMatchObject({ error: null });
    expect((await restricted.emails.send({ from, to, subject: "x", text: "x" })).error).toMatchObject({
      statusCode: 403,
      name: "invalid_api_key",
    });
    expect((await resend.apiKeys.create({ name: "" })).error).toMatchObject({ statusCode: 422, name: "validation_error" });
  });
});

describe("Resend-compatible surface: errors", () => {
  it("names a missing key, a bad key, an access token, another account's ids, webhooks and unknown paths as Resend does", async () => {
    const { resend, from, domain, account } = await sender();
    const missing = await fetch(`${compatUrl()}/emails`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ statusCode: 401, name: "missing_api_key" });
    expect((await sdk("ces_notARealKeyAtAllxxxxxxxxxxxxxxxxxxxxxxxxx").emails.list()).error).toMatchObject({
      statusCode: 403,
      name: "invalid_api_key",
    });
    expect((await sdk(account.accessToken).emails.list()).error).toMatchObject({ statusCode: 403, name: "invalid_api_key" });

    const mine = await resend.emails.send({ from, to: uniqueEmail("mine"), subject: "x", text: "x" });
    const stranger = await sender();
    expect((await stranger.resend.emails.get(mine.data!.id)).error).toMatchObject({ statusCode: 404, name: "not_found" });
    expect((await stranger.resend.emails.cancel(mine.data!.id)).error).toMatchObject({ statusCode: 404, name: "not_found" });
    expect((await stranger.resend.emails.update({ id: mine.data!.id, scheduledAt: inAnHour() })).error).toMatchObject({
      statusCode: 404,
    });
    expect((await stranger.resend.domains.get(domain.id)).error).toMatchObject({ statusCode: 404, name: "not_found" });
    expect((await stranger.resend.domains.remove(domain.id)).error).toMatchObject({ statusCode: 404 });

    const webhooks = await resend.webhooks.list();
    expect(webhooks.error).toMatchObject({ statusCode: 404, name: "not_found", message: expect.stringContaining("GET /api/v1/events") });
    expect((await resend.contacts.list()).error).toMatchObject({ statusCode: 404, name: "not_found" });
    const wrongMethod = await fetch(`${compatUrl()}/emails/batch`, { headers: { authorization: `Bearer ${stranger.key.secret}` } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    const notJson = await fetch(`${compatUrl()}/emails`, {
      method: "POST",
      body: "{",
      headers: { authorization: `Bearer ${stranger.key.secret}`, "content-type": "application/json" },
    });
    expect(await notJson.json()).toMatchObject({ statusCode: 422, name: "validation_error" });
  });
});

describe("Resend-compatible surface: hostile input", () => {
  it("refuses oversized, malformed and smuggling requests with Resend's errors and sends nothing", async () => {
    const { key, from } = await sender();
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${compatUrl()}${path}`, {
        method: "POST",
        body,
        headers: { authorization: `Bearer ${key.secret}`, "content-type": "application/json", ...headers },
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { name: string; message: string } }));
    const to = uniqueEmail("hostile");
    const email = { from, to, subject: "x", text: "x" };
    const cases: [string, string, string, Record<string, string>?][] = [
      ["/emails", JSON.stringify({ ...email, subject: "Hi\r\nBcc: victim@example.org" }), "`subject`"],
      ["/emails", JSON.stringify({ ...email, headers: { "X-Note": "a\r\nBcc: victim@example.org" } }), "`headers"],
      ["/emails", JSON.stringify({ ...email, headers: { Bcc: "victim@example.org" } }), "`headers`"],
      ["/emails", JSON.stringify({ ...email, text: "nul \u0000 here" }), "`text`"],
      ["/emails", JSON.stringify({ ...email, to: Array.from({ length: 51 }, (_, n) => `r${n}@example.org`) }), "`to`"],
      ["/emails", JSON.stringify({ ...email, from: "Ada <ada@example.org>, Eve <eve@example.org>" }), "`from`"],
      ["/emails", JSON.stringify({ ...email, unknown_field: true }), "unknown_field"],
      ["/emails", JSON.stringify([email]), "object"],
      ["/emails", "[".repeat(5000), "JSON"],
      ["/emails", JSON.stringify(email), "JSON", { "content-type": "text/plain" }],
      ["/emails/batch", JSON.stringify(email), "list"],
      ["/emails/batch", JSON.stringify(Array.from({ length: 101 }, () => email)), "100"],
      ["/emails/batch", JSON.stringify([email]), "x-batch-validation", { "x-batch-validation": "lenient" }],
    ];
    for (const [path, body, mention, headers] of cases) {
      const answer = await post(path, body, headers);
      expect(answer.status, `${path} ${body.slice(0, 80)}`).toBe(422);
      expect(answer.body.name).toBe("validation_error");
      expect(answer.body.message.toLowerCase(), body.slice(0, 80)).toContain(mention.toLowerCase());
    }
    const huge = await post("/emails", JSON.stringify({ ...email, text: "x".repeat(37 * 1024 * 1024) }));
    expect(huge).toMatchObject({ status: 413, body: { name: "validation_error" } });
    await expectNoEmail(to, 300);
  });
});

describe("Rescheduling through /api/v1", () => {
  it("moves a scheduled message; refuses a past time, no token and another account's id", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `a@${domain.name}`, to: uniqueEmail("r"), subject: "x", text: "x", scheduledAt: inAnHour() },
    });
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    const moved = await call(rescheduleMessage, {
      token: account.accessToken,
      params: { message_id: sent.body.data.id },
      body: { scheduledAt: later },
    });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.data.scheduledAt!)).toBe(Date.parse(later));
    expect(moved.body.data.events.at(-1)).toMatchObject({ type: "scheduled", detail: { rescheduled: true } });
    const past = await call(rescheduleMessage, {
      token: account.accessToken,
      params: { message_id: sent.body.data.id },
      body: { scheduledAt: "2020-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(400);
    expect(past.error?.errors?.[0]?.path).toBe("scheduledAt");
    const noToken = await call(rescheduleMessage, { params: { message_id: sent.body.data.id }, body: { scheduledAt: later } });
    expect(noToken.status).toBe(401);
    const stranger: TestAccount = await createAccount();
    const foreign = await call(rescheduleMessage, {
      token: stranger.accessToken,
      params: { message_id: sent.body.data.id },
      body: { scheduledAt: later },
    });
    expect(foreign.status).toBe(404);
    const read = await call(getMessage, { token: account.accessToken, params: { message_id: sent.body.data.id } });
    expect(read.body.data.status).toBe("scheduled");
  });
});

describe("Resend's SMTP settings", () => {
  it("nodemailer with username `resend` delivers through this host; Resend-Idempotency-Key sends once and is not passed on", async () => {
    const { key, domain } = await sender("sending");
    // Resend's documented settings: implicit TLS on 465 (here the test server's port for it), username `resend`.
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: inject("submission").securePort,
      secure: true,
      auth: { user: "resend", pass: key.secret },
      tls: { ca: readFileSync(path.join(inject("serverDataDir"), "mail-tls", "localhost.crt")), servername: "localhost" },
    });
    const to = uniqueEmail("smtp-resend");
    const mail = {
      from: `hello@${domain.name}`,
      to,
      subject: "Over SMTP",
      text: "Hello",
      headers: { "Resend-Idempotency-Key": "smtp-key-1" },
      // The same bytes both times: a resubmission, not another message.
      messageId: `<${to}>`,
      date: new Date("2026-12-01T09:00:00Z"),
    };
    const first = await transport.sendMail(mail);
    const second = await transport.sendMail(mail);
    expect(queuedId(second.response)).toBe(queuedId(first.response));
    const email = await waitForEmail(to);
    expect((await simpleParser(email.raw)).headers.has("resend-idempotency-key")).toBe(false);
    await holdsFor(() => emailsTo(to).length === 1, 500);
    expect(emailsTo(to)).toHaveLength(1);
    transport.close();
  });
});
