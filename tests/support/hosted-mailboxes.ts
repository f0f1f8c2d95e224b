// Hosted mailboxes for tests, and the clients that read them. Made through
// the API as a customer makes them (newMailbox, newAppPassword, newAlias);
// written to the database only for states the API does not make
// (storedMailbox, storedAlias: a quota under 1 MB, more mailboxes than the
// free plan's two, an alias on the service's own host name) and on servers a
// test starts itself, which have no test DNS to prove a domain through
// (storedDomainWithMailbox). Stored rows use the service's own hash
// functions, so Dovecot logs them in the same way.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { expect, inject } from "vitest";
import type { MailProtocol } from "@/server/db/schema";
import { hashMailboxPassword } from "@/server/services/mailboxes/mailbox-password";
import { createAppPassword, createMailboxAlias } from "@/shared/api/endpoints/mailbox-credentials";
import { createMailbox, updateMailbox } from "@/shared/api/endpoints/mailboxes";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { call } from "./api-client";
import { sql } from "./database";
import { strongPassword, type TestAccount } from "./factories";

export type TestMailbox = { id: string; address: string; password: string; accountId: string; domainId: string };
type Switches = { imapEnabled?: boolean; pop3Enabled?: boolean; smtpEnabled?: boolean };

/** A mailbox made through the API (`local` picks the part before the @); protocol switches are set with a second call, as in the portal. */
export async function newMailbox(
  account: TestAccount,
  domain: { name: string },
  overrides: Record<string, unknown> & { local?: string; switches?: Switches } = {},
): Promise<Mailbox & TestMailbox> {
  const { local, switches, ...body } = overrides;
  const password = strongPassword();
  const response = await call(createMailbox, {
    token: account.accessToken,
    body: { address: `${local ?? `box-${randomBytes(3).toString("hex")}`}@${domain.name}`, password, ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  let mailbox = response.body.data;
  if (switches) {
    const updated = await call(updateMailbox, { token: account.accessToken, params: { mailbox_id: mailbox.id }, body: switches });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    mailbox = updated.body.data;
  }
  return { ...mailbox, accountId: account.user.id, password: (body.password as string | undefined) ?? password };
}

/** An app password of the mailbox for the protocols given; answers its secret. */
export async function newAppPassword(account: TestAccount, mailboxId: string, protocols: MailProtocol[]): Promise<string> {
  const response = await call(createAppPassword, {
    token: account.accessToken,
    params: { mailbox_id: mailboxId },
    body: { name: "test", protocols },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.secret;
}

/** An alias (or, with `*@domain`, the catch-all) into mailboxes of the account. */
export async function newAlias(account: TestAccount, address: string, destinations: string[]) {
  const response = await call(createMailboxAlias, { token: account.accessToken, body: { address, destinations } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

type Query = (text: string, values: unknown[]) => Promise<unknown>;
const sharedServer: Query = (text, values) => sql(text, values);

async function insertMailbox(
  query: Query,
  row: { accountId: string; domainId: string; address: string; password: string; quotaBytes: number } & Switches,
): Promise<string> {
  const id = `mbx_${randomBytes(8).toString("hex")}`;
  await query(
    `insert into mailboxes (id, account_id, domain_id, address, password_hash, quota_bytes, imap_enabled, pop3_enabled, smtp_enabled)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      row.accountId,
      row.domainId,
      row.address.toLowerCase(),
      await hashMailboxPassword(row.password),
      row.quotaBytes,
      row.imapEnabled ?? true,
      row.pop3Enabled ?? true,
      row.smtpEnabled ?? true,
    ],
  );
  return id;
}

/** A mailbox written to the shared test server's database, for states the API does not make (see above). */
export async function storedMailbox(
  owner: { accountId: string; domainId: string; domainName: string },
  overrides: { local?: string; quotaBytes?: number } & Switches = {},
): Promise<TestMailbox> {
  const address = `${overrides.local ?? `box-${randomBytes(4).toString("hex")}`}@${owner.domainName}`.toLowerCase();
  const password = strongPassword();
  const id = await insertMailbox(sharedServer, {
    ...overrides,
    accountId: owner.accountId,
    domainId: owner.domainId,
    address,
    password,
    quotaBytes: overrides.quotaBytes ?? 10 * 1024 * 1024,
  });
  return { id, address, password, accountId: owner.accountId, domainId: owner.domainId };
}

/** An alias written to the shared test server's database: for an address on no domain of the account (the service's own host name). */
export async function storedAlias(owner: { accountId: string; domainId: string }, address: string, destinations: string[]) {
  await sql("insert into mailbox_aliases (id, account_id, domain_id, address, destinations) values ($1, $2, $3, $4, $5)", [
    `mal_${randomBytes(8).toString("hex")}`,
    owner.accountId,
    owner.domainId,
    address.toLowerCase(),
    JSON.stringify(destinations),
  ]);
}

/** A domain and one mailbox on it, written to the database of a server the test started itself (no test DNS there), or the database tier's. */
export async function storedDomainWithMailbox(
  query: Query,
  accountId: string,
  mailbox: { address: string; password: string; quotaBytes?: number } & Switches,
): Promise<{ domainId: string; mailboxId: string }> {
  const domainId = `dom_${randomBytes(8).toString("hex")}`;
  await query(
    "insert into sending_domains (id, account_id, name, ownership_token, dkim_selector, dkim_public_key, dkim_private_key_sealed) values ($1, $2, $3, 't', 's', 'p', 'k')",
    [domainId, accountId, mailbox.address.split("@")[1]!],
  );
  const mailboxId = await insertMailbox(query, { accountId, domainId, ...mailbox, quotaBytes: mailbox.quotaBytes ?? 1024 * 1024 });
  return { domainId, mailboxId };
}

/** An IMAP client of the app's Dovecot, or of a test's own server's (STARTTLS is offered; loopback may log in without it). */
export function imapClient(user: string, pass: string, port = inject("mailStore").imapPort): ImapFlow {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port,
    secure: false,
    doSTARTTLS: true,
    tls: { rejectUnauthorized: false },
    auth: { user, pass },
    logger: false,
  });
  client.on("error", () => {});
  return client;
}

/** A plain message as a sender's MTA would hand it over. */
export function rawMessage(to: string, subject: string, extra = ""): Buffer {
  return Buffer.from(
    `From: Sender <sender@example.org>\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${randomBytes(8).toString("hex")}@example.org>\r\nDate: ${new Date().toUTCString()}\r\n${extra}\r\nHello from the test.\r\n`,
  );
}

/** The IMAP connections the shared server's Dovecot has open for a mailbox, one line each (`doveadm who -1`). */
export function imapConnectionsOf(address: string): string[] {
  const config = path.join(inject("serverDataDir"), "dovecot", "dovecot.conf");
  const who = spawnSync("doveadm", ["-c", config, "who", "-1", address], { encoding: "utf8" });
  expect(who.status, who.stderr).toBe(0);
  return who.stdout.split("\n").filter((line) => line.includes(address) && /\bimap\b/.test(line));
}
