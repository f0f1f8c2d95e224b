// App passwords, aliases and catch-alls, the client settings and the
// autoconfig answer of hosted mailboxes, against the real server.
import { createHash } from "node:crypto";
import http from "node:http";
import { describe, expect, inject, it } from "vitest";
import {
  createAppPassword,
  createMailboxAlias,
  deleteAppPassword,
  deleteMailboxAlias,
  listAppPasswords,
  listMailboxAliases,
} from "@/shared/api/endpoints/mailbox-credentials";
import { createMailbox, deleteMailbox, getMailClientSettings } from "@/shared/api/endpoints/mailboxes";
import { baseUrl, call } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, strongPassword } from "../support/factories";
import { ownedDomain } from "../support/domains";
import { newMailbox } from "../support/hosted-mailboxes";

describe("app passwords", () => {
  it("creates one with its secret shown once, lists it without, and deletes it", async () => {
    const account = await createAccount();
    const mailbox = await newMailbox(account, await ownedDomain(account));
    const params = { mailbox_id: mailbox.id };
    const created = await call(createAppPassword, {
      token: account.accessToken,
      params,
      body: { name: "Phone", protocols: ["smtp", "imap"] },
    });
    expect(created.status).toBe(201);
    const { secret, ...appPassword } = created.body.data;
    expect(secret).toMatch(/^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/);
    expect(appPassword).toEqual({
      id: expect.stringMatching(/^apw_/),
      mailboxId: mailbox.id,
      name: "Phone",
      protocols: ["imap", "smtp"],
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const [row] = await sql<{ secret_hash: string }>("select secret_hash from mailbox_app_passwords where id = $1", [appPassword.id]);
    expect(row!.secret_hash).toBe(`{SHA256.HEX}${createHash("sha256").update(secret).digest("hex")}`);
    const listed = await call(listAppPasswords, { token: account.accessToken, params });
    expect(listed.body.data).toEqual([appPassword]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const deleteParams = { ...params, app_password_id: appPassword.id };
    expect((await call(deleteAppPassword, { token: account.accessToken, params: deleteParams })).status).toBe(200);
    expect((await call(deleteAppPassword, { token: account.accessToken, params: deleteParams })).status).toBe(404);
    expect((await call(listAppPasswords, { token: account.accessToken, params })).body.data).toEqual([]);
    const events = await sql<{ type: string }>(
      "select type from activity_events where account_id = $1 and type like 'mailbox.app_password%'",
      [account.user.id],
    );
    expect(events.map((event) => event.type).sort()).toEqual(["mailbox.app_password_created", "mailbox.app_password_deleted"]);
  });

  it.each([
    ["no protocol", { name: "x", protocols: [] }],
    ["an unknown protocol", { name: "x", protocols: ["jmap"] }],
    ["a protocol twice", { name: "x", protocols: ["imap", "imap"] }],
    ["no name", { name: " ", protocols: ["imap"] }],
  ])("refuses %s (400)", async (_case, body) => {
    const account = await createAccount();
    const mailbox = await newMailbox(account, await ownedDomain(account));
    const response = await call(createAppPassword, { token: account.accessToken, params: { mailbox_id: mailbox.id }, body });
    expect(response.status).toBe(400);
    expect(response.error?.code).toBe("validation_error");
  });

  it("answers 401 without a token and 404 for another account's mailbox or app password", async () => {
    const owner = await createAccount();
    const stranger = await createAccount();
    const mailbox = await newMailbox(owner, await ownedDomain(owner));
    const params = { mailbox_id: mailbox.id };
    const body = { name: "x", protocols: ["imap"] };
    expect((await call(createAppPassword, { params, body })).status).toBe(401);
    const own = (await call(createAppPassword, { token: owner.accessToken, params, body })).body.data;
    expect((await call(createAppPassword, { token: stranger.accessToken, params, body })).status).toBe(404);
    expect((await call(listAppPasswords, { token: stranger.accessToken, params })).status).toBe(404);
    const theirs = { ...params, app_password_id: own.id };
    expect((await call(deleteAppPassword, { token: stranger.accessToken, params: theirs })).status).toBe(404);
    // Deleting the mailbox takes its app passwords along.
    await call(deleteMailbox, { token: owner.accessToken, params });
    expect(await sql("select 1 from mailbox_app_passwords where id = $1", [own.id])).toEqual([]);
  });
});

describe("aliases and catch-alls", () => {
  it("creates an alias and a catch-all into the account's mailboxes; addresses stay unique across mailboxes and aliases", async () => {
    const account = await createAccount();
    const domain = await ownedDomain(account);
    const ada = await newMailbox(account, domain);
    const bob = await newMailbox(account, domain);
    const created = await call(createMailboxAlias, {
      token: account.accessToken,
      body: { address: `Sales@${domain.name}`, destinations: [ada.address, bob.address.toUpperCase(), ada.address] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^als_/),
      address: `sales@${domain.name}`,
      domainId: domain.domain_id,
      destinations: [ada.address, bob.address],
      isCatchAll: false,
      createdAt: expect.any(String),
    });
    const catchAll = await call(createMailboxAlias, {
      token: account.accessToken,
      body: { address: `*@${domain.name}`, destinations: [ada.address] },
    });
    expect(catchAll.status).toBe(201);
    expect(catchAll.body.data.isCatchAll).toBe(true);

    for (const address of [`sales@${domain.name}`, `*@${domain.name}`, ada.address]) {
      const again = await call(createMailboxAlias, { token: account.accessToken, body: { address, destinations: [bob.address] } });
      expect(again.error?.code, address).toBe("address_taken");
    }
    // Room for a third mailbox (the free plan has two), so the address is what refuses it.
    await sql("insert into subscriptions (account_id, plan_id, status) values ($1, 'pro', 'active')", [account.user.id]);
    const mailboxOnAlias = await call(createMailbox, {
      token: account.accessToken,
      body: { address: `sales@${domain.name}`, password: strongPassword() },
    });
    expect(mailboxOnAlias.error?.code).toBe("address_taken");

    const listed = (await call(listMailboxAliases, { token: account.accessToken })).body.data;
    expect(listed.map((alias) => alias.address)).toEqual([`*@${domain.name}`, `sales@${domain.name}`]);

    // Deleting a mailbox takes it out of every alias; an alias left with none goes too.
    await call(deleteMailbox, { token: account.accessToken, params: { mailbox_id: ada.id } });
    const after = (await call(listMailboxAliases, { token: account.accessToken })).body.data;
    expect(after.map((alias) => [alias.address, alias.destinations])).toEqual([[`sales@${domain.name}`, [bob.address]]]);

    expect((await call(deleteMailboxAlias, { token: account.accessToken, params: { alias_id: after[0]!.id } })).status).toBe(200);
    expect((await call(listMailboxAliases, { token: account.accessToken })).body.data).toEqual([]);
  });

  it("needs destinations that are the account's mailboxes, and a domain of the account (400)", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const domain = await ownedDomain(account);
    const mine = await newMailbox(account, domain);
    const theirs = await newMailbox(other, await ownedDomain(other));
    const foreign = await call(createMailboxAlias, {
      token: account.accessToken,
      body: { address: `team@${domain.name}`, destinations: [mine.address, theirs.address, `ghost@${domain.name}`] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.error?.errors?.map((error) => error.path)).toEqual(["destinations.1", "destinations.2"]);
    const elsewhere = await call(createMailboxAlias, {
      token: account.accessToken,
      body: { address: "team@nowhere.example.com", destinations: [mine.address] },
    });
    expect(elsewhere.error?.errors?.[0]?.path).toBe("address");
    for (const body of [
      { address: `team@${domain.name}`, destinations: [] },
      { address: "**@x.example", destinations: [mine.address] },
    ]) {
      expect((await call(createMailboxAlias, { token: account.accessToken, body })).status).toBe(400);
    }
  });

  it("answers 401 without a token and 404 for another account's alias", async () => {
    const owner = await createAccount();
    const stranger = await createAccount();
    const domain = await ownedDomain(owner);
    const mailbox = await newMailbox(owner, domain);
    const alias = (
      await call(createMailboxAlias, { token: owner.accessToken, body: { address: `hi@${domain.name}`, destinations: [mailbox.address] } })
    ).body.data;
    expect((await call(listMailboxAliases)).status).toBe(401);
    expect((await call(deleteMailboxAlias, { token: stranger.accessToken, params: { alias_id: alias.id } })).status).toBe(404);
    expect((await call(listMailboxAliases, { token: stranger.accessToken })).body.data).toEqual([]);
    expect((await call(listMailboxAliases, { token: owner.accessToken })).body.data).toHaveLength(1);
  });
});

/** A GET with its own Host header (what a client that resolved autoconfig.<domain> to us sends). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

describe("client settings and autoconfig", () => {
  it("lists the IMAP, POP3 and SMTP servers on MAIL_HOSTNAME", async () => {
    const account = await createAccount();
    const response = await call(getMailClientSettings, { token: account.accessToken });
    expect(response.status).toBe(200);
    const { port, securePort } = inject("submission");
    const { imapPort, pop3Port } = inject("mailStore");
    expect(response.body.data).toEqual({
      imap: { host: "localhost", port: imapPort, security: "starttls" },
      pop3: { host: "localhost", port: pop3Port, security: "starttls" },
      smtp: [
        { host: "localhost", port: securePort, security: "ssl_tls" },
        { host: "localhost", port, security: "starttls" },
      ],
      autoconfigUrl: `${inject("appUrl")}/.well-known/autoconfig/mail/config-v1.1.xml`,
      storage: { status: "online", reason: null },
    });
    expect((await call(getMailClientSettings)).status).toBe(401);
  });

  it("answers Thunderbird's autoconfig for hosted domains, at the well-known path and at autoconfig.<domain>", async () => {
    const { XMLParser } = await import("fast-xml-parser");
    const account = await createAccount();
    const domain = await ownedDomain(account);
    const mailbox = await newMailbox(account, domain);
    const wellKnown = `${baseUrl()}/.well-known/autoconfig/mail/config-v1.1.xml`;
    const response = await fetch(`${wellKnown}?emailaddress=${encodeURIComponent(mailbox.address)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("xml");
    const text = await response.text();
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(text);
    const provider = parsed.clientConfig.emailProvider;
    expect(parsed.clientConfig["@version"]).toBe("1.1");
    expect(provider.domain).toBe(domain.name);
    const incoming = provider.incomingServer.map((server: Record<string, unknown>) => [
      server["@type"],
      server.hostname,
      server.port,
      server.socketType,
      server.username,
    ]);
    expect(incoming).toEqual([
      ["imap", "localhost", inject("mailStore").imapPort, "STARTTLS", "%EMAILADDRESS%"],
      ["pop3", "localhost", inject("mailStore").pop3Port, "STARTTLS", "%EMAILADDRESS%"],
    ]);
    const outgoing = [provider.outgoingServer]
      .flat()
      .map((server: Record<string, unknown>) => [server["@type"], server.port, server.socketType]);
    expect(outgoing).toEqual([
      ["smtp", inject("submission").securePort, "SSL"],
      ["smtp", inject("submission").port, "STARTTLS"],
    ]);

    // A client that resolved autoconfig.<domain> (a CNAME to the service) asks there, without the well-known prefix.
    const byHost = await getWithHost(`${baseUrl()}/mail/config-v1.1.xml`, `autoconfig.${domain.name}`);
    expect(byHost.status).toBe(200);
    expect(byHost.body).toBe(text);
    expect((await fetch(`${baseUrl()}/mail/config-v1.1.xml`)).status).toBe(404);
    // Domains without hosted mail get nothing, and nonsense is refused.
    expect((await fetch(`${wellKnown}?emailaddress=someone@unhosted.example.com`)).status).toBe(404);
    expect((await fetch(`${wellKnown}?emailaddress=x@127.0.0.1`)).status).toBe(400);
    expect((await fetch(wellKnown)).status).toBe(400);
  });
});
