// Sending domains against a real DNS server on loopback (tests/support/dns-server.ts,
// started by the global setup; the app resolves through it via DNS_SERVERS).
// Each test publishes the records it needs under a name of its own.
import { createPublicKey, generateKeyPairSync, randomBytes } from "node:crypto";
import { domainToASCII } from "node:url";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { listActivity } from "@/shared/api/endpoints/settings";
import { createDomain, deleteDomain, getDomain, listDomains, verifyDomain } from "@/shared/api/endpoints/sending-domains";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { call, request } from "../support/api-client";
import { sql } from "../support/database";
import { dnsControl, publishRecords, startDnsServer } from "../support/dns-server";
import { createAccount, type TestAccount } from "../support/factories";
import { emailsTo, waitForEmail } from "../support/captured-email";
import { holdsFor } from "../support/poll";

const dns = () => dnsControl(inject("dnsControlUrl"));
const uniqueDomain = (label = "d") => `${label}-${randomBytes(4).toString("hex")}.example.org`;

async function addDomain(account: TestAccount, name = uniqueDomain()): Promise<SendingDomain> {
  const response = await call(createDomain, { token: account.accessToken, body: { name } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

async function verify(account: TestAccount, domain: SendingDomain) {
  return call(verifyDomain, { token: account.accessToken, params: { domain_id: domain.domain_id } });
}

const recordOf = (domain: SendingDomain, purpose: string) => domain.records.find((record) => record.purpose === purpose)!;
const statuses = (domain: SendingDomain) => Object.fromEntries(domain.records.map((record) => [record.purpose, record.status]));

async function activityTypes(account: TestAccount): Promise<string[]> {
  return (await call(listActivity, { token: account.accessToken, query: { limit: 100 } })).body.data.items.map((item) => item.type);
}

describe("POST /sending/domains", () => {
  it("adds a normalised domain with the six records to publish and a sealed 2048-bit DKIM key", async () => {
    const account = await createAccount();
    const name = uniqueDomain();
    const response = await call(createDomain, { token: account.accessToken, body: { name: `  ${name.toUpperCase()}. ` } });
    expect(response.status).toBe(201);
    const domain = response.body.data;
    expect(domain).toMatchObject({ name, status: "pending", receivingStatus: "pending", verifiedAt: null, lastCheckedAt: null });
    expect(domain.domain_id).toMatch(/^dom_/);
    // `id` as every resource has it; `domain_id` stays for existing clients.
    expect(domain.id).toBe(domain.domain_id);
    expect(domain.records.map((record) => [record.purpose, record.type, record.required, record.status])).toEqual([
      ["ownership", "TXT", true, "pending"],
      ["spf", "TXT", true, "pending"],
      ["dkim", "TXT", true, "pending"],
      ["dmarc", "TXT", false, "pending"],
      ["return_path", "CNAME", true, "pending"],
      ["mx", "MX", false, "pending"],
    ]);
    // The MX record points the domain's mail at MAIL_HOSTNAME (the APP_URL host here); only receiving needs it.
    expect(recordOf(domain, "mx")).toMatchObject({ name, value: "localhost", priority: 10 });
    expect(recordOf(domain, "spf").priority).toBeNull();
    // Client discovery records are optional, listed apart, never checked.
    expect(domain.discoveryRecords).toEqual([
      { purpose: "autoconfig", type: "CNAME", name: `autoconfig.${name}`, value: "localhost", priority: null, weight: null, port: null },
      {
        purpose: "imap",
        type: "SRV",
        name: `_imap._tcp.${name}`,
        value: "localhost",
        priority: 0,
        weight: 1,
        port: inject("mailStore").imapPort,
      },
      {
        purpose: "submission",
        type: "SRV",
        name: `_submissions._tcp.${name}`,
        value: "localhost",
        priority: 0,
        weight: 1,
        port: inject("submission").securePort,
      },
    ]);
    expect(recordOf(domain, "ownership").name).toBe(`_ces-verification.${name}`);
    expect(recordOf(domain, "ownership").value).toMatch(/^ces-domain-verification=[0-9a-f]{32}$/);
    expect(recordOf(domain, "spf")).toMatchObject({ name, value: "v=spf1 include:_spf.localhost ~all" });
    expect(recordOf(domain, "dmarc")).toMatchObject({
      name: `_dmarc.${name}`,
      value: `v=DMARC1; p=none; rua=mailto:dmarc+${domain.domain_id.slice(4)}@localhost;`,
    });
    expect(recordOf(domain, "return_path")).toMatchObject({ name: `ces-bounces.${name}`, value: "bounces.localhost" });

    const dkim = recordOf(domain, "dkim");
    expect(dkim.name).toMatch(new RegExp(`^ces[0-9a-f]{8}\\._domainkey\\.${name.replace(/\./g, "\\.")}$`));
    const publicKey = /p=([A-Za-z0-9+/=]+)$/.exec(dkim.value)![1]!;
    const key = createPublicKey({ key: Buffer.from(publicKey, "base64"), format: "der", type: "spki" });
    expect(key.asymmetricKeyType).toBe("rsa");
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);

    const [row] = await sql<{ sealed: string }>("select dkim_private_key_sealed as sealed from sending_domains where id = $1", [
      domain.domain_id,
    ]);
    expect(row!.sealed).toMatch(/^v1\./);
    expect(row!.sealed).not.toContain("PRIVATE KEY");
    expect(JSON.stringify(response.body)).not.toContain("PRIVATE");

    const listed = await call(listDomains, { token: account.accessToken });
    expect(listed.body.data).toEqual([domain]);
    expect((await call(getDomain, { token: account.accessToken, params: { domain_id: domain.domain_id } })).body.data).toEqual(domain);
    expect(await activityTypes(account)).toContain("domain.added");
  });

  it("stores internationalised names as punycode", async () => {
    const account = await createAccount();
    const label = randomBytes(3).toString("hex");
    const domain = await addDomain(account, `Bücher-${label}.Example.org`);
    expect(domain.name).toBe(domainToASCII(`bücher-${label}.example.org`));
    expect(domain.name).toMatch(/^xn--/);
  });

  it.each([
    ["an IPv4 address", "192.0.2.10"],
    ["an IPv6 address", "2001:db8::1"],
    ["a bracketed IPv6 address", "[2001:db8::1]"],
    ["a single label", "example"],
    ["localhost", "localhost"],
    ["a name under localhost", "mail.localhost"],
    ["a label over 63 characters", `${"a".repeat(64)}.example.org`],
    ["a name over 253 characters", `${"abcdefghi.".repeat(26)}org`],
    ["a label starting with a hyphen", "-bad.example.org"],
    ["a label ending with a hyphen", "bad-.example.org"],
    ["an underscore", "bad_name.example.org"],
    ["an empty label", "bad..example.org"],
    ["a wildcard", "*.example.org"],
    ["a URL", "https://example.org/"],
    ["an email address", "someone@example.org"],
    ["the service's SPF domain", "_spf.localhost"],
    ["blank", "   "],
  ])("refuses %s with 400 on name", async (_case, name) => {
    const account = await createAccount();
    const response = await call(createDomain, { token: account.accessToken, body: { name } });
    expect(response.status).toBe(400);
    expect(response.error?.code).toBe("validation_error");
    expect(response.error?.errors?.[0]?.path).toBe("name");
  });

  it.each([
    ["no name", {}],
    ["a number", { name: 42 }],
    ["null", { name: null }],
    ["an unknown field", { name: uniqueDomain(), region: "eu" }],
  ])("refuses a body with %s (400)", async (_case, body) => {
    const account = await createAccount();
    const response = await call(createDomain, { token: account.accessToken, body });
    expect(response.status).toBe(400);
    expect(response.error?.code).toBe("validation_error");
  });

  it("refuses a name already on the account (409 domain_exists), whatever its spelling", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    const again = await call(createDomain, { token: account.accessToken, body: { name: `${domain.name.toUpperCase()}.` } });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("domain_exists");
  });
});

describe("authentication and ownership", () => {
  it("needs a token (401) on every operation", async () => {
    const params = { domain_id: "dom_000000000000000000000000" };
    expect((await call(listDomains)).status).toBe(401);
    expect((await call(createDomain, { body: { name: uniqueDomain() } })).status).toBe(401);
    expect((await call(getDomain, { params })).status).toBe(401);
    expect((await call(verifyDomain, { params })).status).toBe(401);
    expect((await call(deleteDomain, { params })).status).toBe(401);
  });

  it("answers 404 for another account's domain, an unknown id and any odd id", async () => {
    const [owner, stranger] = await Promise.all([createAccount(), createAccount()]);
    const domain = await addDomain(owner);
    for (const id of [domain.domain_id, "dom_000000000000000000000000", "not-an-id", "' or 1=1 --"]) {
      const params = { domain_id: id };
      expect((await call(getDomain, { token: stranger.accessToken, params })).error?.code).toBe("not_found");
      expect((await call(verifyDomain, { token: stranger.accessToken, params })).error?.code).toBe("not_found");
      expect((await call(deleteDomain, { token: stranger.accessToken, params })).error?.code).toBe("not_found");
    }
    expect((await call(listDomains, { token: stranger.accessToken })).body.data).toEqual([]);
    expect((await call(getDomain, { token: owner.accessToken, params: { domain_id: domain.domain_id } })).status).toBe(200);
  });

  it("deletes a domain (then 404), with an activity event", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    const params = { domain_id: domain.domain_id };
    const deleted = await call(deleteDomain, { token: account.accessToken, params });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toBeNull();
    expect((await call(getDomain, { token: account.accessToken, params })).status).toBe(404);
    expect((await call(deleteDomain, { token: account.accessToken, params })).status).toBe(404);
    expect(await sql("select 1 from sending_domain_records where domain_id = $1", [domain.domain_id])).toEqual([]);
    expect(await activityTypes(account)).toContain("domain.deleted");
  });
});

describe("POST /sending/domains/{domain_id}/verify", () => {
  it("verifies a domain once every record is published, and records the check", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    const before = await verify(account, domain);
    expect(before.status).toBe(200);
    expect(before.body.data.status).toBe("pending");
    expect(new Set(Object.values(statuses(before.body.data)))).toEqual(new Set(["failed"]));
    // Each record says what DNS returned: nothing at all, here.
    for (const record of before.body.data.records) expect(record.found).toEqual([]);

    await publishRecords(dns(), domain.records);
    const after = await verify(account, domain);
    expect(after.status).toBe(200);
    const verified = after.body.data;
    expect(verified.status).toBe("verified");
    expect(Object.values(statuses(verified))).toEqual(["verified", "verified", "verified", "verified", "verified", "verified"]);
    expect(verified.receivingStatus).toBe("verified");
    expect(recordOf(verified, "mx").found).toEqual(["10 localhost"]);
    expect(verified.verifiedAt).not.toBeNull();
    expect(verified.lastCheckedAt).not.toBeNull();
    for (const record of verified.records) expect(record.lastCheckedAt).toBe(verified.lastCheckedAt);
    expect(await activityTypes(account)).toEqual(expect.arrayContaining(["domain.verification_checked", "domain.status_changed"]));
  });

  it("accepts {} or no body, and refuses unknown fields (400)", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    const params = { domain_id: domain.domain_id };
    expect((await call(verifyDomain, { token: account.accessToken, params, body: {} })).status).toBe(200);
    const bad = await call(verifyDomain, { token: account.accessToken, params, body: { force: true } });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe("validation_error");
  });

  it("fails only the DKIM record when its key is not ours", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    await publishRecords(dns(), domain.records);
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    await dns().publish(recordOf(domain, "dkim").name, "TXT", [`v=DKIM1; k=rsa; p=${otherKey}`]);
    const checked = (await verify(account, domain)).body.data;
    expect(checked.status).toBe("pending");
    expect(statuses(checked)).toEqual({
      ownership: "verified",
      spf: "verified",
      dkim: "failed",
      dmarc: "verified",
      return_path: "verified",
      mx: "verified",
    });
    // Receiving needs ownership and the MX only: a wrong DKIM key does not stop it.
    expect(checked.receivingStatus).toBe("verified");
  });

  it("checks SPF content: a second SPF record or a missing include fails it", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    await publishRecords(dns(), domain.records);
    await dns().publish(domain.name, "TXT", ["v=spf1 include:_spf.localhost ~all", "v=spf1 include:other.example -all"]);
    expect(statuses((await verify(account, domain)).body.data).spf).toBe("failed");
    await dns().publish(domain.name, "TXT", ["v=spf1 ip4:192.0.2.1 -all", "site-verification=abc"]);
    expect(statuses((await verify(account, domain)).body.data).spf).toBe("failed");
    await dns().publish(domain.name, "TXT", ["site-verification=abc", "v=spf1 ip4:192.0.2.1 include:_spf.localhost -all"]);
    expect((await verify(account, domain)).body.data.status).toBe("verified");
  });

  it("verifies without DMARC (recommended only), and fails a DMARC record without a valid policy", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    await publishRecords(
      dns(),
      domain.records.filter((record) => record.purpose !== "dmarc"),
    );
    const checked = (await verify(account, domain)).body.data;
    expect(checked.status).toBe("verified");
    expect(statuses(checked).dmarc).toBe("failed");
    await dns().publish(recordOf(domain, "dmarc").name, "TXT", ["v=DMARC1; p=sometimes"]);
    expect(statuses((await verify(account, domain)).body.data).dmarc).toBe("failed");
  });

  it("a return-path CNAME pointing elsewhere fails that record", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    await publishRecords(dns(), domain.records);
    await dns().publish(recordOf(domain, "return_path").name, "CNAME", ["bounces.elsewhere.example"]);
    const checked = (await verify(account, domain)).body.data;
    expect(checked.status).toBe("pending");
    expect(statuses(checked).return_path).toBe("failed");
    // The value found is kept and returned, then and on later reads, beside the value expected.
    expect(recordOf(checked, "return_path").found).toEqual(["bounces.elsewhere.example"]);
    const read = await call(getDomain, { token: account.accessToken, params: { domain_id: domain.domain_id } });
    expect(recordOf(read.body.data, "return_path").found).toEqual(["bounces.elsewhere.example"]);
    expect(recordOf(read.body.data, "ownership").found).toEqual([recordOf(domain, "ownership").value]);
  });

  it("receiving is apart from sending: the MX record decides receivingStatus, never the sending status", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    // Sending records only: the domain sends, and does not receive yet (pending, not failed: receiving is optional).
    await publishRecords(
      dns(),
      domain.records.filter((record) => record.purpose !== "mx"),
    );
    let checked = (await verify(account, domain)).body.data;
    expect(checked).toMatchObject({ status: "verified", receivingStatus: "pending" });
    expect(recordOf(checked, "mx")).toMatchObject({ status: "failed", found: [] });
    // An MX pointing elsewhere first (a lower preference wins): still not receiving here.
    await dns().publish(domain.name, "MX", ["5 mx.elsewhere.example", "10 localhost"]);
    checked = (await verify(account, domain)).body.data;
    expect(checked.receivingStatus).toBe("pending");
    expect(recordOf(checked, "mx").found).toEqual(["5 mx.elsewhere.example", "10 localhost"]);
    await dns().publish(domain.name, "MX", ["10 localhost."]);
    checked = (await verify(account, domain)).body.data;
    expect(checked).toMatchObject({ status: "verified", receivingStatus: "verified" });
    // Losing the MX does not touch sending; receiving says something is wrong, and stays so until it is back.
    await dns().unpublish(domain.name, "MX");
    checked = (await verify(account, domain)).body.data;
    expect(checked).toMatchObject({ status: "verified", receivingStatus: "temporary_failure" });
    expect((await verify(account, domain)).body.data.receivingStatus).toBe("temporary_failure");
    await dns().publish(domain.name, "MX", ["10 localhost"]);
    expect((await verify(account, domain)).body.data.receivingStatus).toBe("verified");
    const [event] = await sql<{ metadata: { receivingStatus: string } }>(
      "select metadata from activity_events where account_id = $1 and type = 'domain.verification_checked' order by created_at desc limit 1",
      [account.user.id],
    );
    expect(event!.metadata.receivingStatus).toBe("verified");
  });

  it("shows the MX record, not checked yet, on a domain stored before the service had it", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    await sql("delete from sending_domain_records where domain_id = $1 and purpose = 'mx'", [domain.domain_id]);
    const read = (await call(getDomain, { token: account.accessToken, params: { domain_id: domain.domain_id } })).body.data;
    expect(read.records.map((record) => record.purpose)).toEqual(["ownership", "spf", "dkim", "dmarc", "return_path", "mx"]);
    expect(recordOf(read, "mx")).toMatchObject({ status: "pending", lastCheckedAt: null, found: null, priority: 10 });
  });

  it.each([
    ["SERVFAIL", "servfail" as const],
    ["no answer (timeout)", "drop" as const],
  ])("DNS answering %s is temporary_failure, never failed", async (_case, mode) => {
    const account = await createAccount();
    const domain = await addDomain(account);
    await publishRecords(dns(), domain.records);
    // Past the 72-hour window, where a definite miss would fail the domain.
    await sql("update sending_domains set created_at = now() - interval '80 hours' where id = $1", [domain.domain_id]);
    await dns().fail(domain.name, mode);
    try {
      const checked = (await verify(account, domain)).body.data;
      expect(checked.status).toBe("temporary_failure");
      expect(new Set(Object.values(statuses(checked)))).toEqual(new Set(["temporary_failure"]));
    } finally {
      await dns().fail(domain.name, null);
    }
    expect((await verify(account, domain)).body.data.status).toBe("verified");
  });

  it("one account's verified name cannot be added (409 domain_taken) or verified (409) by another", async () => {
    const [first, second, third] = await Promise.all([createAccount(), createAccount(), createAccount()]);
    const name = uniqueDomain();
    const mine = await addDomain(first, name);
    const theirs = await addDomain(second, name); // nobody has verified it yet
    await publishRecords(dns(), mine.records);
    expect((await verify(first, mine)).body.data.status).toBe("verified");

    const late = await call(createDomain, { token: third.accessToken, body: { name } });
    expect(late.status).toBe(409);
    expect(late.error?.code).toBe("domain_taken");
    await publishRecords(
      dns(),
      theirs.records.filter((record) => record.purpose !== "spf"),
    );
    const refused = await verify(second, theirs);
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe("domain_taken");
    expect((await call(getDomain, { token: second.accessToken, params: { domain_id: theirs.domain_id } })).body.data.status).toBe("failed");

    // Deleting the verified domain frees the name.
    await call(deleteDomain, { token: first.accessToken, params: { domain_id: mine.domain_id } });
    expect((await call(createDomain, { token: third.accessToken, body: { name } })).status).toBe(201);
  });

  it("answers 405 for a wrong method", async () => {
    const account = await createAccount();
    const response = await request("/sending/domains/dom_x/verify", { method: "GET", token: account.accessToken });
    expect(response.status).toBe(405);
  });
});

describe("service functions run against the server's database", () => {
  type Services = {
    checkDomain: typeof import("@/server/services/domains/check-domain").checkDomain;
    createDnsLookup: typeof import("@/server/services/domains/dns-lookup").createDnsLookup;
    recheckDueDomains: typeof import("@/server/services/domains/recheck-domains").recheckDueDomains;
    findDomainsDueForCheck: typeof import("@/server/services/domains/recheck-domains").findDomainsDueForCheck;
    dkimSigningKey: typeof import("@/server/services/domains/dkim-keys").dkimSigningKey;
  };
  let services: Services;

  beforeAll(async () => {
    // The job's own code, in this process, on the server's database and DNS server, with a clock we choose.
    process.env.DATABASE_URL = inject("databaseUrl");
    process.env.DATA_DIR = inject("serverDataDir");
    process.env.DATABASE_POOL_MAX = "3";
    process.env.DNS_SERVERS = inject("dnsServer");
    process.env.LOG_LEVEL = "silent";
    services = {
      ...(await import("@/server/services/domains/check-domain")),
      ...(await import("@/server/services/domains/dns-lookup")),
      ...(await import("@/server/services/domains/recheck-domains")),
      ...(await import("@/server/services/domains/dkim-keys")),
    };
  });

  it("a DNS server refusing every query gives temporary_failure; answering again, the domain verifies", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    const own = await startDnsServer();
    try {
      await publishRecords(dnsControl(own.controlUrl), domain.records);
      const lookup = services.createDnsLookup([own.address]);
      await own.pause();
      const down = await services.checkDomain(domain.domain_id, { lookup });
      expect(down.domain.status).toBe("temporary_failure");
      expect(down.records.every((record) => record.status === "temporary_failure")).toBe(true);
      await own.start();
      expect((await services.checkDomain(domain.domain_id, { lookup })).domain.status).toBe("verified");
    } finally {
      await own.stop();
    }
  });

  it("gives the sending API the DKIM selector and the private key of the published public key", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    const key = await services.dkimSigningKey(domain.domain_id);
    expect(key).not.toBeNull();
    expect(key!.domain).toBe(domain.name);
    expect(recordOf(domain, "dkim").name).toBe(`${key!.selector}._domainkey.${domain.name}`);
    const derived = createPublicKey(key!.privateKey).export({ type: "spki", format: "der" }).toString("base64");
    expect(recordOf(domain, "dkim").value).toBe(`v=DKIM1; k=rsa; p=${derived}`);
    expect(await services.dkimSigningKey("dom_unknown")).toBeNull();
  });

  it("re-checks pending domains every 15 minutes and fails them 72 hours after they were added, emailing the owner", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    const created = new Date(domain.createdAt).getTime();
    const at = (minutes: number) => new Date(created + minutes * 60_000);

    expect(await services.findDomainsDueForCheck(at(1), 10_000)).toContain(domain.domain_id); // never checked
    await services.recheckDueDomains(at(1));
    const [first] = await sql<{ status: string }>("select status from sending_domains where id = $1", [domain.domain_id]);
    expect(first!.status).toBe("pending");
    expect(await services.findDomainsDueForCheck(at(6), 10_000)).not.toContain(domain.domain_id);
    expect(await services.findDomainsDueForCheck(at(16), 10_000)).toContain(domain.domain_id);

    await services.recheckDueDomains(at(72 * 60 + 5));
    const failed = (await call(getDomain, { token: account.accessToken, params: { domain_id: domain.domain_id } })).body.data;
    expect(failed.status).toBe("failed");
    expect(await services.findDomainsDueForCheck(at(80 * 60), 10_000)).not.toContain(domain.domain_id);
    const email = await waitForEmail(account.email, { subject: `We could not verify ${domain.name}` });
    expect(email.text).toContain("/domains");
    expect(await activityTypes(account)).toContain("domain.status_changed");
  });

  it("re-checks verified domains daily; losing a required record is temporary_failure with one email, and recovers", async () => {
    const account = await createAccount();
    const domain = await addDomain(account);
    await publishRecords(dns(), domain.records);
    const verified = (await verify(account, domain)).body.data;
    expect(verified.status).toBe("verified");
    const checkedAt = new Date(verified.lastCheckedAt!).getTime();
    const at = (hours: number) => new Date(checkedAt + hours * 3_600_000);

    expect(await services.findDomainsDueForCheck(at(1), 10_000)).not.toContain(domain.domain_id);
    expect(await services.findDomainsDueForCheck(at(23), 10_000)).not.toContain(domain.domain_id);
    expect(await services.findDomainsDueForCheck(at(24), 10_000)).toContain(domain.domain_id);

    await dns().unpublish(recordOf(domain, "dkim").name);
    await services.recheckDueDomains(at(24));
    const lost = (await call(getDomain, { token: account.accessToken, params: { domain_id: domain.domain_id } })).body.data;
    expect(lost.status).toBe("temporary_failure");
    expect(statuses(lost).dkim).toBe("failed");
    expect(lost.verifiedAt).toBe(verified.verifiedAt);
    const subject = `${domain.name} is missing DNS records`;
    const email = await waitForEmail(account.email, { subject });
    expect(email.text).toContain("DKIM");

    // Still missing a check later: no second email. Back again: verified.
    expect(await services.findDomainsDueForCheck(at(24.3), 10_000)).toContain(domain.domain_id);
    await services.recheckDueDomains(at(24.3));
    await publishRecords(dns(), domain.records);
    await services.recheckDueDomains(at(24.6));
    const back = (await call(getDomain, { token: account.accessToken, params: { domain_id: domain.domain_id } })).body.data;
    expect(back.status).toBe("verified");
    await holdsFor(() => emailsTo(account.email).filter((message) => message.subject === subject).length <= 1, 2_000); // no second notice
    expect(emailsTo(account.email).filter((message) => message.subject === subject)).toHaveLength(1);
  });
});
