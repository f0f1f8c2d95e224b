// SMTP relays against the real server and real SMTP servers started by the
// global setup (tests/support/relay-smtp-servers.ts): plain, STARTTLS and
// implicit TLS with AUTH, a silent server and a closed port. The test server
// runs with RELAY_ALLOW_PRIVATE_HOSTS=true (the servers are on loopback),
// trusts their self-signed certificate through RELAY_EXTRA_CA_FILE, and has
// RELAY_TEST_TIMEOUT_MS=3000.
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import {
  createSmtpRelay,
  deleteSmtpRelay,
  getSmtpRelay,
  listSmtpRelays,
  testSmtpRelay,
  updateSmtpRelay,
} from "@/shared/api/endpoints/smtp-relays";
import type { SmtpRelay } from "@/shared/schemas/smtp-relay";
import { call, request } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, type TestAccount } from "../support/factories";

const lab = inject("relayLab");

type RelayBody = Record<string, unknown>;

const relayBody = (overrides: RelayBody = {}): RelayBody => ({
  name: "Office relay",
  smtp_host: "127.0.0.1",
  smtp_port: lab.ports.starttls,
  smtp_username: lab.username,
  smtp_password: lab.password,
  ...overrides,
});

async function addRelay(account: TestAccount, overrides: RelayBody = {}): Promise<SmtpRelay> {
  const response = await call(createSmtpRelay, { token: account.accessToken, body: relayBody(overrides) });
  if (response.status !== 200) throw new Error(`addRelay failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

const runTest = (account: TestAccount, id: string) => call(testSmtpRelay, { token: account.accessToken, params: { id } });

async function defaultsOf(account: TestAccount): Promise<string[]> {
  const rows = await sql<{ id: string }>("select id from smtp_relays where account_id = $1 and is_default", [account.user.id]);
  return rows.map((row) => row.id);
}

describe("POST /smtp-relays", () => {
  it("adds a relay with the documented fields and defaults; the first one is the default", async () => {
    const account = await createAccount();
    const response = await call(createSmtpRelay, {
      token: account.accessToken,
      body: {
        name: "  Office relay ",
        smtp_host: "SMTP.Example.COM",
        smtp_port: 587,
        smtp_username: "mailer",
        smtp_password: "s3cret-relay-pass",
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("SMTP relay added");
    const relay = response.body.data;
    expect(relay).toMatchObject({
      name: "Office relay",
      smtp_host: "smtp.example.com",
      smtp_port: 587,
      smtp_username: "mailer",
      encryption: "starttls",
      status: "active",
      is_default: true,
      hasPassword: true,
      lastTestedAt: null,
      lastTestOk: null,
      lastTestError: null,
    });
    expect(relay.id).toMatch(/^rly_/);
    expect(relay).not.toHaveProperty("smtp_password");
    const [event] = await sql<{ metadata: Record<string, unknown> }>(
      "select metadata from activity_events where account_id = $1 and type = 'relay.created'",
      [account.user.id],
    );
    expect(event!.metadata).toMatchObject({ relayId: relay.id, host: "smtp.example.com", isDefault: true });
  });

  it("takes no credentials at all, and honours is_default on the first relay and later ones", async () => {
    const account = await createAccount();
    const first = await addRelay(account, {
      smtp_username: undefined,
      smtp_password: undefined,
      is_default: false,
      encryption: "none",
      status: "inactive",
    });
    expect(first).toMatchObject({ is_default: false, hasPassword: false, smtp_username: null, encryption: "none", status: "inactive" });
    const second = await addRelay(account);
    expect(second.is_default).toBe(false); // not the account's first relay
    const third = await addRelay(account, { is_default: true });
    expect(third.is_default).toBe(true);
    const fourth = await addRelay(account, { is_default: true, encryption: "ssl_tls", smtp_port: 465 });
    expect(await defaultsOf(account)).toEqual([fourth.id]);
    const listed = await call(listSmtpRelays, { token: account.accessToken });
    expect(listed.body.data.map((relay) => [relay.id, relay.is_default])).toEqual([
      [first.id, false],
      [second.id, false],
      [third.id, false],
      [fourth.id, true],
    ]);
  });

  it.each<[string, RelayBody, string]>([
    ["a missing name", { name: undefined }, "name"],
    ["a blank name", { name: "   " }, "name"],
    ["a name of 101 characters", { name: "x".repeat(101) }, "name"],
    ["a null name", { name: null }, "name"],
    ["a missing host", { smtp_host: undefined }, "smtp_host"],
    ["a host with a scheme", { smtp_host: "smtp://mail.example.com" }, "smtp_host"],
    ["a host with a port", { smtp_host: "mail.example.com:587" }, "smtp_host"],
    ["a host with a space", { smtp_host: "mail example.com" }, "smtp_host"],
    ["a host with a path", { smtp_host: "mail.example.com/smtp" }, "smtp_host"],
    ["a label starting with a hyphen", { smtp_host: "-mail.example.com" }, "smtp_host"],
    ["an impossible IPv4 address", { smtp_host: "300.1.1.1" }, "smtp_host"],
    ["an empty host", { smtp_host: "" }, "smtp_host"],
    ["port 0", { smtp_port: 0 }, "smtp_port"],
    ["port 65536", { smtp_port: 65536 }, "smtp_port"],
    ["a fractional port", { smtp_port: 25.5 }, "smtp_port"],
    ["a port as a string", { smtp_port: "587" }, "smtp_port"],
    ["a missing port", { smtp_port: undefined }, "smtp_port"],
    ["an unknown encryption", { encryption: "tls" }, "encryption"],
    ["an unknown status", { status: "paused" }, "status"],
    ["is_default as a string", { is_default: "yes" }, "is_default"],
    ["a username without a password", { smtp_password: undefined }, "smtp_password"],
    ["a password without a username", { smtp_username: undefined }, "smtp_username"],
    ["an empty password", { smtp_password: "" }, "smtp_password"],
    ["an unknown field", { smtp_secure: true }, ""],
  ])("answers 400 for %s", async (_label, overrides, path) => {
    const account = await createAccount();
    const response = await call(createSmtpRelay, { token: account.accessToken, body: relayBody(overrides) });
    expect(response.status).toBe(400);
    expect(response.error?.code).toBe("validation_error");
    expect(response.error?.errors?.map((error) => error.path)).toContain(path);
    expect(await defaultsOf(account)).toEqual([]);
  });

  it("accepts IPv4 and IPv6 addresses and plain host names", async () => {
    const account = await createAccount();
    for (const host of ["192.0.2.10", "2001:db8::25", "localhost", "mail-1.relay.example.co.uk"]) {
      expect((await addRelay(account, { smtp_host: host })).smtp_host).toBe(host);
    }
  });

  it("answers 400 to a body that is not an object, 415 to another media type, 401 without a token", async () => {
    const account = await createAccount();
    expect((await request("/smtp-relays", { method: "POST", token: account.accessToken, body: "[]" })).status).toBe(400);
    const text = await request("/smtp-relays", {
      method: "POST",
      token: account.accessToken,
      body: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect((await call(createSmtpRelay, { body: relayBody() })).status).toBe(401);
  });
});

describe("GET /smtp-relays and GET /smtp-relays/{id}", () => {
  it("lists only the account's own relays and reads one", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const relay = await addRelay(alice);
    await addRelay(bob);
    const list = await call(listSmtpRelays, { token: alice.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([relay]);
    const one = await call(getSmtpRelay, { token: alice.accessToken, params: { id: relay.id } });
    expect(one.body.data).toEqual(relay);
    expect((await call(listSmtpRelays, { token: (await createAccount()).accessToken })).body.data).toEqual([]);
  });

  it("answers 404 for another account's relay and unknown ids, 401 without a token", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const relay = await addRelay(alice);
    for (const id of [relay.id, "rly_doesnotexist", "not-an-id"]) {
      const response = await call(getSmtpRelay, { token: bob.accessToken, params: { id } });
      expect(response.status).toBe(404);
      expect(response.error?.code).toBe("not_found");
    }
    expect((await call(listSmtpRelays)).status).toBe(401);
    expect((await call(getSmtpRelay, { params: { id: relay.id } })).status).toBe(401);
  });
});

describe("PATCH /smtp-relays/{id}", () => {
  it("changes only what is sent and keeps the password when none is sent", async () => {
    const account = await createAccount();
    const relay = await addRelay(account);
    const renamed = await call(updateSmtpRelay, {
      token: account.accessToken,
      params: { id: relay.id },
      body: { name: "Renamed", status: "inactive" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: "Renamed",
      status: "inactive",
      smtp_port: relay.smtp_port,
      hasPassword: true,
      is_default: true,
    });
    // The kept password still signs in.
    expect((await runTest(account, relay.id)).body.data.lastTestOk).toBe(true);
    const [event] = await sql<{ metadata: { fields: string[] } }>(
      "select metadata from activity_events where account_id = $1 and type = 'relay.updated'",
      [account.user.id],
    );
    expect(event!.metadata.fields.sort()).toEqual(["name", "status"]);
  });

  it("replaces the password, clears the last test when connection settings change, and removes credentials with two nulls", async () => {
    const account = await createAccount();
    const relay = await addRelay(account);
    expect((await runTest(account, relay.id)).body.data.lastTestOk).toBe(true);
    const wrong = await call(updateSmtpRelay, {
      token: account.accessToken,
      params: { id: relay.id },
      body: { smtp_password: "not-the-password" },
    });
    expect(wrong.body.data).toMatchObject({
      hasPassword: true,
      lastTestedAt: null,
      lastTestOk: null,
      lastTestError: null,
      lastTestMessage: null,
    });
    expect((await runTest(account, relay.id)).body.data.lastTestError).toBe("auth_rejected");

    const cleared = await call(updateSmtpRelay, {
      token: account.accessToken,
      params: { id: relay.id },
      body: { smtp_username: null, smtp_password: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ smtp_username: null, hasPassword: false });
    const [row] = await sql<{ password_sealed: string | null }>("select password_sealed from smtp_relays where id = $1", [relay.id]);
    expect(row!.password_sealed).toBeNull();
  });

  it.each<[string, RelayBody, string]>([
    ["an empty body", {}, ""],
    ["a bad port", { smtp_port: 70000 }, "smtp_port"],
    ["a host with a scheme", { smtp_host: "smtps://x.example" }, "smtp_host"],
    ["a null name", { name: null }, "name"],
    ["a null username alone", { smtp_username: null }, "smtp_password"],
    ["a null password alone", { smtp_password: null }, "smtp_username"],
    ["an unknown field", { password: "x" }, ""],
  ])("answers 400 for %s", async (_label, body, path) => {
    const account = await createAccount();
    const relay = await addRelay(account);
    const response = await call(updateSmtpRelay, { token: account.accessToken, params: { id: relay.id }, body });
    expect(response.status).toBe(400);
    expect(response.error?.errors?.map((error) => error.path)).toContain(path);
  });

  it("refuses a username on a relay that has no password (400 on smtp_password)", async () => {
    const account = await createAccount();
    const relay = await addRelay(account, { smtp_username: undefined, smtp_password: undefined });
    const response = await call(updateSmtpRelay, {
      token: account.accessToken,
      params: { id: relay.id },
      body: { smtp_username: "someone" },
    });
    expect(response.status).toBe(400);
    expect(response.error?.errors).toEqual([{ path: "smtp_password", message: "Password is required with a username" }]);
  });

  it("moves the default, or leaves the account without one", async () => {
    const account = await createAccount();
    const first = await addRelay(account);
    const second = await addRelay(account);
    const moved = await call(updateSmtpRelay, { token: account.accessToken, params: { id: second.id }, body: { is_default: true } });
    expect(moved.body.data.is_default).toBe(true);
    expect(await defaultsOf(account)).toEqual([second.id]);
    expect((await call(getSmtpRelay, { token: account.accessToken, params: { id: first.id } })).body.data.is_default).toBe(false);
    await call(updateSmtpRelay, { token: account.accessToken, params: { id: second.id }, body: { is_default: false } });
    expect(await defaultsOf(account)).toEqual([]);
  });

  it("answers 404 for another account's relay and leaves it alone; 401 without a token", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const relay = await addRelay(alice);
    const response = await call(updateSmtpRelay, { token: bob.accessToken, params: { id: relay.id }, body: { name: "Mine now" } });
    expect(response.status).toBe(404);
    expect((await call(getSmtpRelay, { token: alice.accessToken, params: { id: relay.id } })).body.data.name).toBe("Office relay");
    expect((await call(updateSmtpRelay, { params: { id: relay.id }, body: { name: "x" } })).status).toBe(401);
  });
});

describe("DELETE /smtp-relays/{id}", () => {
  it("deletes a relay; deleting the default promotes the newest active relay, then none", async () => {
    const account = await createAccount();
    const first = await addRelay(account);
    const older = await addRelay(account);
    const newestInactive = await addRelay(account, { status: "inactive" });
    const deleted = await call(deleteSmtpRelay, { token: account.accessToken, params: { id: first.id } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toBeNull();
    expect(await defaultsOf(account)).toEqual([older.id]);
    await call(deleteSmtpRelay, { token: account.accessToken, params: { id: older.id } });
    expect(await defaultsOf(account)).toEqual([]); // only an inactive relay is left
    expect((await call(listSmtpRelays, { token: account.accessToken })).body.data.map((relay) => relay.id)).toEqual([newestInactive.id]);
    expect((await call(deleteSmtpRelay, { token: account.accessToken, params: { id: older.id } })).status).toBe(404);
    const [event] = await sql<{ metadata: Record<string, unknown> }>(
      "select metadata from activity_events where account_id = $1 and type = 'relay.deleted' order by created_at limit 1",
      [account.user.id],
    );
    expect(event!.metadata).toMatchObject({ relayId: first.id, wasDefault: true, newDefaultRelayId: older.id });
  });

  it("answers 404 for another account's relay and keeps it; 401 without a token", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const relay = await addRelay(alice);
    expect((await call(deleteSmtpRelay, { token: bob.accessToken, params: { id: relay.id } })).status).toBe(404);
    expect((await call(getSmtpRelay, { token: alice.accessToken, params: { id: relay.id } })).status).toBe(200);
    expect((await call(deleteSmtpRelay, { params: { id: relay.id } })).status).toBe(401);
  });
});

describe("POST /smtp-relays/{id}/test", () => {
  it.each<[string, RelayBody, string]>([
    ["plain SMTP with AUTH", { encryption: "none", smtp_port: lab.ports.plain }, "without TLS"],
    ["STARTTLS with AUTH", { encryption: "starttls", smtp_port: lab.ports.starttls }, "TLS via STARTTLS"],
    ["implicit TLS with AUTH", { encryption: "ssl_tls", smtp_port: lab.ports.implicitTls }, "implicit TLS"],
    [
      "STARTTLS by host name (certificate checked against it)",
      { smtp_host: "localhost", encryption: "starttls", smtp_port: lab.ports.starttls },
      "TLS via STARTTLS",
    ],
  ])("passes for %s", async (_label, overrides, words) => {
    const account = await createAccount();
    const relay = await addRelay(account, overrides);
    const response = await runTest(account, relay.id);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Connection test passed");
    expect(response.body.data).toMatchObject({ lastTestOk: true, lastTestError: null });
    expect(response.body.data.lastTestMessage).toContain(words);
    expect(Date.parse(response.body.data.lastTestedAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Stored, not only answered.
    expect((await call(getSmtpRelay, { token: account.accessToken, params: { id: relay.id } })).body.data).toEqual(response.body.data);
  });

  it("passes without credentials (connect, TLS and EHLO only)", async () => {
    const account = await createAccount();
    const relay = await addRelay(account, { smtp_username: undefined, smtp_password: undefined });
    expect((await runTest(account, relay.id)).body.data.lastTestOk).toBe(true);
  });

  it.each<[string, RelayBody, string, RegExp]>([
    ["a wrong password", { smtp_password: "wrong-password" }, "auth_rejected", /rejected the username or password/],
    ["a closed port", { smtp_port: lab.ports.closed, encryption: "none" }, "refused", /refused/],
    ["a server that never greets", { smtp_port: lab.ports.silent }, "timeout", /within 3 s/],
    ["implicit TLS against a plain server", { encryption: "ssl_tls", smtp_port: lab.ports.plain }, "tls_error", /TLS/],
    ["STARTTLS against a server without it", { encryption: "starttls", smtp_port: lab.ports.plain }, "tls_error", /TLS/],
    [
      "a certificate nobody vouches for",
      { encryption: "ssl_tls", smtp_port: lab.ports.untrustedTls },
      "tls_error",
      /TLS failed: .*certificate/,
    ],
    ["a host name that does not resolve", { smtp_host: "no-such-relay.invalid" }, "dns_failure", /Could not resolve/],
  ])("fails for %s", async (_label, overrides, reason, message) => {
    const account = await createAccount();
    const relay = await addRelay(account, overrides);
    const startedAt = Date.now();
    const response = await runTest(account, relay.id);
    expect(response.status).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(8_000); // the 3 s limit holds
    expect(response.body.data).toMatchObject({ lastTestOk: false, lastTestError: reason });
    expect(response.body.data.lastTestMessage).toMatch(message);
    expect(response.body.message).toBe(`Connection test failed: ${response.body.data.lastTestMessage}`);
    const [event] = await sql<{ metadata: Record<string, unknown> }>(
      "select metadata from activity_events where account_id = $1 and type = 'relay.tested'",
      [account.user.id],
    );
    expect(event!.metadata).toMatchObject({ relayId: relay.id, ok: false, error: reason });
  });

  it("accepts no body or {}, refuses other bodies, 404 for another account's relay, 401 without a token", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const relay = await addRelay(alice, { smtp_port: lab.ports.plain, encryption: "none" });
    expect((await call(testSmtpRelay, { token: alice.accessToken, params: { id: relay.id }, body: {} })).status).toBe(200);
    const extra = await call(testSmtpRelay, { token: alice.accessToken, params: { id: relay.id }, body: { deep: true } });
    expect(extra.status).toBe(400);
    const foreign = await runTest(bob, relay.id);
    expect(foreign.status).toBe(404);
    expect((await call(getSmtpRelay, { token: alice.accessToken, params: { id: relay.id } })).body.data.lastTestedAt).not.toBeNull();
    expect((await call(testSmtpRelay, { params: { id: relay.id } })).status).toBe(401);
  });
});

describe("secrets and the one default", () => {
  it("never returns, stores or logs the password in plain text", async () => {
    const account = await createAccount();
    const password = `Relay-Secret-${Date.now()}`;
    const seen: unknown[] = [];
    const created = await call(createSmtpRelay, { token: account.accessToken, body: relayBody({ smtp_password: password }) });
    seen.push(created.body);
    const id = created.body.data.id;
    seen.push((await call(listSmtpRelays, { token: account.accessToken })).body);
    seen.push((await call(getSmtpRelay, { token: account.accessToken, params: { id } })).body);
    seen.push((await call(updateSmtpRelay, { token: account.accessToken, params: { id }, body: { smtp_password: `${password}-2` } })).body);
    seen.push((await runTest(account, id)).body);
    seen.push(
      (await call(updateSmtpRelay, { token: account.accessToken, params: { id }, body: { smtp_port: 70_000, smtp_password: password } }))
        .body,
    );
    for (const body of seen) expect(JSON.stringify(body)).not.toContain(password);

    const [row] = await sql<Record<string, unknown>>("select * from smtp_relays where id = $1", [id]);
    expect(JSON.stringify(row)).not.toContain(password);
    expect(row!.password_sealed).toMatch(/^v1\.[\w-]+\./);
    const events = await sql("select * from activity_events where account_id = $1", [account.user.id]);
    expect(JSON.stringify(events)).not.toContain(password);
    expect(readFileSync(inject("serverLogFile"), "utf8")).not.toContain(password);
  });

  it("keeps exactly one default under concurrent creates and default moves", async () => {
    const account = await createAccount();
    // Concurrent first relays: exactly one of them becomes the default.
    const firsts = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        call(createSmtpRelay, { token: account.accessToken, body: relayBody({ name: `First ${index}` }) }),
      ),
    );
    expect(firsts.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(firsts.filter((response) => response.body.data.is_default)).toHaveLength(1);
    expect(await defaultsOf(account)).toHaveLength(1);

    const defaults = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        call(createSmtpRelay, { token: account.accessToken, body: relayBody({ name: `Default ${index}`, is_default: true }) }),
      ),
    );
    expect(defaults.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await defaultsOf(account)).toHaveLength(1);

    const ids = firsts.map((response) => response.body.data.id);
    const moves = await Promise.all(
      ids.map((id) => call(updateSmtpRelay, { token: account.accessToken, params: { id }, body: { is_default: true } })),
    );
    expect(moves.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const [winner] = await defaultsOf(account);
    expect(ids).toContain(winner);
    expect(await defaultsOf(account)).toHaveLength(1);
  });

  it("has the database refuse a second default even when the code is bypassed", async () => {
    const account = await createAccount();
    const [first, second] = [await addRelay(account), await addRelay(account)];
    expect(first.is_default).toBe(true);
    await expect(sql("update smtp_relays set is_default = true where id = $1", [second.id])).rejects.toThrow(
      /smtp_relays_one_default_per_account/,
    );
  });
});
