// The sending API end to end: API keys, POST /sending/messages, delivery by the
// job queue to a real SMTP server (the service's transport, or a customer's
// relay started here), DKIM checked by an independent verifier (mailauth)
// against the key the test DNS server publishes, idempotency, scopes, quota
// and engagement tracking.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getMe } from "@/shared/api/endpoints/auth";
import { createApiKey, listApiKeys, revokeApiKey } from "@/shared/api/endpoints/api-keys";
import { getMessage, listMessages, sendMessage } from "@/shared/api/endpoints/messages";
import { createDomain, listDomains } from "@/shared/api/endpoints/sending-domains";
import { createSmtpRelay } from "@/shared/api/endpoints/smtp-relays";
import { call, request } from "../support/api-client";
import { sql } from "../support/database";
import { dnsControl } from "../support/dns-server";
import { createAccount, uniqueEmail } from "../support/factories";
import { waitForEmail } from "../support/captured-email";
import { dkimResolver, newApiKey, settledMessage } from "../support/sending";
import { dkimTags, pythonDkimVerifies } from "../support/python-dkim";
import { verifiedDomain } from "../support/domains";

const dns = () => dnsControl(inject("dnsControlUrl"));

describe("API keys", () => {
  it("creates a key whose secret is shown once, lists it without the secret, and revokes it", async () => {
    const account = await createAccount();
    const key = await newApiKey(account, { name: "Production", scope: "full" });
    expect(key.secret).toMatch(/^ces_[A-Za-z0-9_-]{40}$/);
    expect(key).toMatchObject({ name: "Production", scope: "full", domainId: null, lastUsedAt: null, prefix: key.secret.slice(0, 12) });
    const [stored] = await sql<{ secret_hash: string }>("select secret_hash from api_keys where id = $1", [key.id]);
    expect(stored!.secret_hash).not.toContain(key.secret.slice(4));

    expect((await call(listMessages, { token: key.secret })).status).toBe(200);
    const listed = await call(listApiKeys, { token: account.accessToken });
    expect(listed.body.data).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(key.secret);
    expect(listed.body.data[0]!.lastUsedAt).not.toBeNull();

    expect((await call(revokeApiKey, { token: account.accessToken, params: { key_id: key.id } })).status).toBe(200);
    expect((await call(listMessages, { token: key.secret })).status).toBe(401);
    expect((await call(listApiKeys, { token: account.accessToken })).body.data).toEqual([]);
    expect((await call(revokeApiKey, { token: account.accessToken, params: { key_id: key.id } })).status).toBe(404);
  });

  it("is a credential for the sending endpoints only", async () => {
    const account = await createAccount();
    const key = await newApiKey(account, { scope: "full" });
    expect((await call(getMe, { token: key.secret })).status).toBe(401);
    expect((await call(listApiKeys, { token: key.secret })).status).toBe(401);
    expect((await call(createApiKey, { token: key.secret, body: { name: "child" } })).status).toBe(401);
    expect((await call(listDomains, { token: key.secret })).status).toBe(200);
  });

  it("enforces scopes: a sending key cannot manage domains, nor can a key restricted to one domain", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const sending = await newApiKey(account, { scope: "sending" });
    const restricted = await newApiKey(account, { scope: "full", domainId: domain.domain_id });
    expect((await call(listDomains, { token: sending.secret })).error?.code).toBe("forbidden");
    expect((await call(listDomains, { token: restricted.secret })).error?.code).toBe("forbidden");
    expect((await call(listMessages, { token: sending.secret })).status).toBe(200);
  });

  it("stops working when it expires", async () => {
    const account = await createAccount();
    const key = await newApiKey(account, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await call(listMessages, { token: key.secret })).status).toBe(200);
    await sql("update api_keys set expires_at = now() - interval '1 second' where id = $1", [key.id]);
    expect((await call(listMessages, { token: key.secret })).status).toBe(401);
  });

  it.each([
    ["no name", { name: "" }, "name"],
    ["a long name", { name: "n".repeat(101) }, "name"],
    ["an unknown scope", { scope: "admin" }, "scope"],
    ["a past expiry", { expiresAt: "2020-01-01T00:00:00Z" }, "expiresAt"],
    ["a bad expiry", { expiresAt: "tomorrow" }, "expiresAt"],
    ["someone else's domain", { domainId: "dom_000000000000000000000000" }, "domainId"],
    ["an unknown field", { admin: true }, ""],
  ])("refuses %s with 400", async (_case, body, path) => {
    const account = await createAccount();
    const response = await call(createApiKey, { token: account.accessToken, body: { name: "k", ...body } });
    expect(response.error?.code).toBe("validation_error");
    expect(response.error?.errors?.map((error) => error.path)).toContain(path);
  });

  it("keeps an account to 50 working keys, also when keys are created at once (409 plan_limit); revoked and expired keys make room", async () => {
    const account = await createAccount();
    const create = (name: string) => call(createApiKey, { token: account.accessToken, body: { name } });
    const keys = [];
    for (let index = 0; index < 48; index++) keys.push(await newApiKey(account, { name: `key ${index}` }));
    const expiring = await newApiKey(account, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await sql("update api_keys set expires_at = now() - interval '1 second' where id = $1", [expiring.id]);
    // 48 keys work: of 8 created at once, exactly 2 fit.
    const burst = await Promise.all(Array.from({ length: 8 }, (_, index) => create(`burst ${index}`)));
    expect(burst.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    for (const refused of burst.filter((answer) => answer.status === 409)) {
      expect(refused.error?.code).toBe("plan_limit");
      expect(refused.body.message).toContain("at most 50 API keys");
    }
    expect(Number((await sql("select count(*) from api_keys where account_id = $1", [account.user.id]))[0]!.count)).toBe(51);
    expect((await call(revokeApiKey, { token: account.accessToken, params: { key_id: keys[0]!.id } })).status).toBe(200);
    expect((await create("after a revoke")).status).toBe(201);
    expect((await create("one too many")).error?.code).toBe("plan_limit");
  });

  it("answers 401 without a token and 404 for another account's key", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const key = await newApiKey(alice);
    expect((await call(listApiKeys)).status).toBe(401);
    expect((await call(createApiKey, { body: { name: "x" } })).status).toBe(401);
    expect((await call(revokeApiKey, { params: { key_id: key.id } })).status).toBe(401);
    expect((await call(revokeApiKey, { token: bob.accessToken, params: { key_id: key.id } })).status).toBe(404);
    expect((await call(listMessages, { token: key.secret })).status).toBe(200);
  });
});

describe("sending through the service's transport", () => {
  it("delivers a DKIM-signed message that an independent verifier accepts, with Bcc only in the envelope", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const key = await newApiKey(account);
    const [to, bcc] = [uniqueEmail("to"), uniqueEmail("bcc")];
    const sent = await call(sendMessage, {
      token: key.secret,
      body: {
        from: `Acme Billing <billing@${domain.name}>`,
        to,
        bcc: [bcc],
        replyTo: `help@${domain.name}`,
        subject: "Your invoice",
        html: "<p>Thanks for your order.</p>",
        text: "Thanks for your order.",
        headers: { "X-Campaign": "invoices" },
        tags: [{ name: "kind", value: "invoice" }],
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({ status: "queued", to: [to], bcc: [bcc], domainId: domain.domain_id });

    const email = await waitForEmail(to, { subject: "Your invoice" });
    // The Bcc recipient gets a copy of its own (one transaction per recipient).
    expect(email.envelopeTo).toEqual([to]);
    expect((await waitForEmail(bcc)).envelopeTo).toEqual([bcc]);
    expect(email.raw).not.toContain(bcc);
    const parsed = await simpleParser(email.raw);
    expect(parsed.headers.get("x-campaign")).toBe("invoices");
    expect(parsed.replyTo?.text).toBe(`help@${domain.name}`);

    const verdict = await dkimVerify(email.raw, { resolver: dkimResolver() });
    expect(verdict.results).toHaveLength(1);
    expect(verdict.results[0]).toMatchObject({ signingDomain: domain.name, status: { result: "pass" } });

    const message = await settledMessage(account.accessToken, sent.body.data.id);
    expect(message).toMatchObject({ status: "sent", deliveredVia: "service", attempts: 1 });
    expect(message.events.map((event) => event.type)).toEqual(["queued", "sent"]);
  });

  it("signs List-Unsubscribe, List-Unsubscribe-Post and Feedback-ID, which every message carries, as python3-dkim verifies", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const to = uniqueEmail("one-click");
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: {
        from: `news@${domain.name}`,
        to,
        subject: "Monthly news",
        text: "News.",
        headers: {
          "List-Unsubscribe": `<https://${domain.name}/unsubscribe/1>, <mailto:leave@${domain.name}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const email = await waitForEmail(to);
    const parsed = await simpleParser(email.raw);
    expect(parsed.headers.get("feedback-id")).toBe(`tx:${domain.domain_id}:${account.user.id}:ces`);
    const signed = dkimTags(email.raw).h!.toLowerCase().split(":");
    expect(signed).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post", "feedback-id", "from", "subject"]));
    const dkim = domain.records.find((record) => record.purpose === "dkim")!;
    const published = (await dkimResolver()(dkim.name, "TXT")) as string[][];
    const records = { [dkim.name]: published.map((chunks) => chunks.join("")).join("") };
    expect(pythonDkimVerifies(email.raw, records)).toBe(true);
    // The check is real: a changed List-Unsubscribe-Post fails it.
    expect(pythonDkimVerifies(email.raw.replace("List-Unsubscribe=One-Click", "List-Unsubscribe=Two-Click"), records)).toBe(false);
  });

  it("fails DKIM verification once the published key no longer matches (the check is real)", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const to = uniqueEmail("tamper");
    await call(sendMessage, { token: account.accessToken, body: { from: `a@${domain.name}`, to, subject: "Signed", text: "Body" } });
    const email = await waitForEmail(to);
    const dkim = domain.records.find((record) => record.purpose === "dkim")!;
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    await dns().publish(dkim.name, "TXT", [`v=DKIM1; k=rsa; p=${otherKey}`]);
    const verdict = await dkimVerify(email.raw, { resolver: dkimResolver() });
    expect(verdict.results[0]!.status.result).not.toBe("pass");
  });

  it("refuses a from address outside the account's verified domains (400) and a domain-restricted key's other domains (403)", async () => {
    const account = await createAccount();
    const [first, second] = [await verifiedDomain(account), await verifiedDomain(account)];
    const pending = await call(createDomain, {
      token: account.accessToken,
      body: { name: `pending-${randomBytes(3).toString("hex")}.example.net` },
    });
    const body = (from: string) => ({ from, to: uniqueEmail(), subject: "Hi", text: "Hi" });
    for (const from of [`a@${pending.body.data.name}`, "a@example.com"]) {
      const refused = await call(sendMessage, { token: account.accessToken, body: body(from) });
      expect(refused.status).toBe(400);
      expect(refused.error?.errors?.[0]?.path).toBe("from");
    }
    const restricted = await newApiKey(account, { domainId: first.domain_id });
    expect((await call(sendMessage, { token: restricted.secret, body: body(`a@${first.name}`) })).status).toBe(201);
    expect((await call(sendMessage, { token: restricted.secret, body: body(`a@${second.name}`) })).error?.code).toBe("forbidden");
    // The restricted key reads only its own domain's messages.
    await call(sendMessage, { token: account.accessToken, body: body(`a@${second.name}`) });
    const seen = await call(listMessages, { token: restricted.secret });
    expect(seen.body.data.items.every((item) => item.domainId === first.domain_id)).toBe(true);
    expect((await call(listMessages, { token: account.accessToken })).body.data.pagination.total).toBe(2);
  });
});

describe("sending through the customer's relay", () => {
  let relay: SMTPServer;
  let relayPort = 0;
  const received: { envelopeTo: string[]; raw: string }[] = [];
  const credentials = { user: "relay-user", pass: `pw-${randomBytes(6).toString("hex")}` };

  beforeAll(async () => {
    relay = new SMTPServer({
      logger: false,
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      onAuth: (auth, _session, done) =>
        auth.username === credentials.user && auth.password === credentials.pass
          ? done(null, { user: auth.username })
          : done(new Error("no")),
      onRcptTo: (address, _session, done) =>
        address.address.startsWith("reject") ? done(Object.assign(new Error("5.1.1 No such user"), { responseCode: 550 })) : done(),
      async onData(stream, session, done) {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString() });
        done();
      },
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", () => resolve()));
    relayPort = (relay.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => relay.close(() => resolve())));

  async function accountWithRelay() {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const created = await call(createSmtpRelay, {
      token: account.accessToken,
      body: {
        name: "Our MTA",
        smtp_host: "127.0.0.1",
        smtp_port: relayPort,
        encryption: "none",
        smtp_username: credentials.user,
        smtp_password: credentials.pass,
      },
    });
    expect(created.body.data.is_default).toBe(true);
    return { account, domain };
  }

  it("hands the signed message to the account's default relay", async () => {
    const { account, domain } = await accountWithRelay();
    const to = uniqueEmail("relayed");
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `news@${domain.name}`, to, subject: "Via relay", text: "Hello" },
    });
    const message = await settledMessage(account.accessToken, sent.body.data.id);
    expect(message).toMatchObject({ status: "sent", deliveredVia: "relay" });
    const copy = received.find((entry) => entry.envelopeTo.includes(to))!;
    expect(copy.raw).toContain("Subject: Via relay");
    const verdict = await dkimVerify(copy.raw, { resolver: dkimResolver() });
    expect(verdict.results[0]).toMatchObject({ signingDomain: domain.name, status: { result: "pass" } });
  });

  it("bounces a message at once when the relay refuses its recipient permanently (5xx)", async () => {
    const { account, domain } = await accountWithRelay();
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `news@${domain.name}`, to: "reject-me@example.org", subject: "No", text: "x" },
    });
    const message = await settledMessage(account.accessToken, sent.body.data.id);
    expect(message.status).toBe("bounced");
    expect(message.attempts).toBe(1);
    expect(message.lastError).toContain("No such user");
    expect(message.events.map((event) => event.type)).toEqual(["queued", "bounced"]);
    expect(message.events[1]!.detail).toMatchObject({
      bounceType: "hard",
      recipient: "reject-me@example.org",
      diagnostic: expect.stringContaining("550"),
    });
  });
});

describe("idempotency", () => {
  it("turns concurrent retries with one key into one message, and refuses the key with another body", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const body = { from: `a@${domain.name}`, to: uniqueEmail("once"), subject: "Exactly once", text: "One copy" };
    const headers = { "idempotency-key": `order-${randomBytes(6).toString("hex")}` };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(sendMessage, { token: account.accessToken, body, headers })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    const [{ n }] = (await sql<{ n: string }>("select count(*) as n from messages where account_id = $1", [account.user.id])) as [
      { n: string },
    ];
    expect(Number(n)).toBe(1);

    const other = await call(sendMessage, { token: account.accessToken, body: { ...body, subject: "Changed" }, headers });
    expect(other.status).toBe(409);
    expect(other.error?.code).toBe("idempotency_conflict");
    const bad = await call(sendMessage, { token: account.accessToken, body, headers: { "idempotency-key": "" } });
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.[0]?.path).toBe("headers.Idempotency-Key");
  });
});

describe("quota", () => {
  it("refuses with 402 past the plan's quota, then spends pay-as-you-go credits one per message", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    // 2,999 of the free plan's 3,000 emails used this month (rows as the API would have stored them).
    await sql(
      `insert into messages (id, account_id, domain_id, from_domain, from_header, to_addresses, subject, message_id_header, status)
       select 'msg_fill' || lpad(g::text, 20, '0') || substr($1, 5, 4), $1, $2, $3, 'a@' || $3, '["x@example.org"]', 'old', '<' || g || '@x>', 'sent'
       from generate_series(1, 2999) as g`,
      [account.user.id, domain.domain_id, domain.name],
    );
    const body = () => ({ from: `a@${domain.name}`, to: uniqueEmail("quota"), subject: "Q", text: "Q" });
    expect((await call(sendMessage, { token: account.accessToken, body: body() })).status).toBe(201);
    const over = await call(sendMessage, { token: account.accessToken, body: body() });
    expect(over.status).toBe(402);
    expect(over.error?.code).toBe("quota_exceeded");

    await sql("insert into email_credit_entries (account_id, delta, reason) values ($1, 2, 'test grant')", [account.user.id]);
    expect((await call(sendMessage, { token: account.accessToken, body: body() })).status).toBe(201);
    expect((await call(sendMessage, { token: account.accessToken, body: body() })).status).toBe(201);
    expect((await call(sendMessage, { token: account.accessToken, body: body() })).error?.code).toBe("quota_exceeded");
    const [{ balance }] = (await sql<{ balance: string }>("select sum(delta) as balance from email_credit_entries where account_id = $1", [
      account.user.id,
    ])) as [{ balance: string }];
    expect(Number(balance)).toBe(0);
  });

  it("lets exactly the quota's last emails through when concurrent single sends meet the boundary, each with its job", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const body = () => ({ from: `a@${domain.name}`, to: uniqueEmail("boundary"), subject: "B", text: "B" });
    // The first send creates the period's counter; then 3 of the free plan's 3,000 emails are left.
    expect((await call(sendMessage, { token: account.accessToken, body: body() })).status).toBe(201);
    await sql("update message_usage set used = 2997 where account_id = $1", [account.user.id]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(sendMessage, { token: account.accessToken, body: body() })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 402, 402, 402, 402, 402]);
    const [usage] = await sql<{ used: string }>("select used from message_usage where account_id = $1", [account.user.id]);
    expect(Number(usage!.used)).toBe(3000);
    const accepted = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.data.id);
    const stored = await sql<{ id: string }>("select id from messages where account_id = $1", [account.user.id]);
    expect(stored).toHaveLength(4);
    expect(stored.map((row) => row.id)).toEqual(expect.arrayContaining(accepted));
    const jobs = await sql<{ count: string }>("select count(*) from pgboss.job where data->>'messageId' = any($1::text[])", [
      stored.map((row) => row.id),
    ]);
    expect(Number(jobs[0]!.count)).toBe(4);
  });
});

describe("reading messages", () => {
  it("lists newest first with filters, and answers 404 for another account's message", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const domain = await verifiedDomain(alice);
    const target = uniqueEmail("filter");
    const first = await call(sendMessage, {
      token: alice.accessToken,
      body: { from: `a@${domain.name}`, to: `Target <${target}>`, subject: "one", text: "1", tags: [{ name: "kind", value: "welcome" }] },
    });
    await call(sendMessage, { token: alice.accessToken, body: { from: `a@${domain.name}`, to: uniqueEmail(), subject: "two", text: "2" } });
    const all = await call(listMessages, { token: alice.accessToken });
    expect(all.body.data.items.map((item) => item.subject)).toEqual(["two", "one"]);
    expect(
      (await call(listMessages, { token: alice.accessToken, query: { to: target } })).body.data.items.map((item) => item.subject),
    ).toEqual(["one"]);
    expect(
      (await call(listMessages, { token: alice.accessToken, query: { tag: "kind:welcome" } })).body.data.items.map((item) => item.subject),
    ).toEqual(["one"]);
    expect((await call(listMessages, { token: alice.accessToken, query: { tag: "kind:other" } })).body.data.items).toEqual([]);
    expect((await call(getMessage, { token: bob.accessToken, params: { message_id: first.body.data.id } })).status).toBe(404);
    expect((await call(getMessage, { token: alice.accessToken, params: { message_id: "msg_unknown" } })).status).toBe(404);
    expect((await call(listMessages, { token: bob.accessToken })).body.data.pagination.total).toBe(0);
  });

  it.each<Record<string, string | number>>([{ status: "lost" }, { limit: 0 }, { tag: "has space" }])(
    "refuses the query %j with 400",
    async (query) => {
      const account = await createAccount();
      expect((await call(listMessages, { token: account.accessToken, query })).error?.code).toBe("validation_error");
    },
  );

  it("answers 401 without a token", async () => {
    expect((await call(listMessages)).status).toBe(401);
    expect((await call(getMessage, { params: { message_id: "msg_x" } })).status).toBe(401);
    expect((await call(sendMessage, { body: {} })).status).toBe(401);
  });
});

describe("send validation", () => {
  it.each([
    ["no recipient", { to: [] }, "to"],
    ["a bad recipient", { to: "not an address" }, "to"],
    ["too many recipients", { to: Array.from({ length: 51 }, (_, i) => `r${i}@example.org`) }, "to"],
    ["no body", { text: undefined, html: undefined }, "text"],
    ["a line break in the subject", { subject: "Hi\r\nBcc: victim@example.org" }, "subject"],
    ["a reserved header", { headers: { From: "x@example.org" } }, "headers"],
    ["a header injection", { headers: { "X-A": "1\r\nBcc: v@example.org" } }, "headers.X-A"],
    ["a bad tag", { tags: [{ name: "has space", value: "x" }] }, "tags.0.name"],
    ["an unknown field", { priority: "high" }, ""],
  ])("refuses %s with 400", async (_case, overrides, path) => {
    const account = await createAccount();
    const body = { from: "a@example.org", to: "b@example.org", subject: "Hi", text: "Hi", ...overrides };
    const response = await call(sendMessage, { token: account.accessToken, body });
    expect(response.error?.code).toBe("validation_error");
    expect(response.error?.errors?.map((error) => error.path)).toContain(path);
  });
});

describe("engagement tracking", () => {
  it("records opens and clicks through signed URLs and never redirects to a URL it did not sign", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const to = uniqueEmail("engaged");
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: {
        from: `a@${domain.name}`,
        to,
        subject: "Tracked",
        html: '<html><body><a href="https://example.org/offer?a=1&amp;b=2">Offer</a></body></html>',
        trackOpens: true,
        trackClicks: true,
      },
    });
    const email = await waitForEmail(to);
    const pixel = /src="([^"]+\/t\/o\/[^"]+)"/.exec(email.html)![1]!;
    const click = /href="([^"]+\/t\/c\/[^"]+)"/.exec(email.html)![1]!.replace(/&amp;/g, "&");
    const origin = new URL(inject("baseUrl"));
    const local = (url: string) => {
      const parsed = new URL(url);
      parsed.protocol = origin.protocol;
      parsed.host = origin.host;
      return parsed.toString();
    };

    const opened = await fetch(local(pixel));
    expect(opened.headers.get("content-type")).toBe("image/gif");
    const redirected = await fetch(local(click), { redirect: "manual" });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("https://example.org/offer?a=1&b=2");
    const forged = new URL(local(click));
    forged.searchParams.set("u", "https://evil.example/");
    expect((await fetch(forged, { redirect: "manual" })).status).toBe(404);

    const message = await settledMessage(account.accessToken, sent.body.data.id);
    const types = message.events.map((event) => event.type);
    expect(types).toContain("opened");
    expect(types).toContain("clicked");
    expect(message.events.find((event) => event.type === "clicked")!.detail).toEqual({ url: "https://example.org/offer?a=1&b=2" });
  });

  it("is off by default", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const to = uniqueEmail("untracked");
    await call(sendMessage, {
      token: account.accessToken,
      body: { from: `a@${domain.name}`, to, subject: "Plain", html: '<a href="https://example.org/">x</a>' },
    });
    const email = await waitForEmail(to);
    expect(email.html).toContain('href="https://example.org/"');
    expect(email.html).not.toContain("/t/o/");
  });
});

describe("the raw request guard", () => {
  it("takes an API key only as a bearer token", async () => {
    const account = await createAccount();
    const key = await newApiKey(account);
    expect((await request("/sending/messages", { headers: { authorization: `Basic ${key.secret}` } })).status).toBe(401);
  });
});
