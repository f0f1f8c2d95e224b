// Hosted mailboxes for the mail-store tests, written straight to the test
// server's database with the service's own hash functions (the mailbox API
// makes them the same way), plus clients that log in to them.
import { randomBytes } from "node:crypto";
import { ImapFlow } from "imapflow";
import { inject } from "vitest";
import type { MailProtocol } from "@/server/db/schema";
import { hashAppPassword, hashMailboxPassword, newAppPasswordSecret } from "@/server/services/mailboxes/mailbox-password";
import { sql } from "./database";
import { strongPassword } from "./factories";

export type TestMailbox = { id: string; address: string; password: string; accountId: string; domainId: string };

export async function createTestMailbox(
  owner: { accountId: string; domainId: string; domainName: string },
  overrides: { local?: string; quotaBytes?: number; imapEnabled?: boolean; pop3Enabled?: boolean; smtpEnabled?: boolean } = {},
): Promise<TestMailbox> {
  const id = `mbx_${randomBytes(8).toString("hex")}`;
  const address = `${overrides.local ?? `box-${randomBytes(4).toString("hex")}`}@${owner.domainName}`.toLowerCase();
  const password = strongPassword();
  await sql(
    `insert into mailboxes (id, account_id, domain_id, address, password_hash, quota_bytes, imap_enabled, pop3_enabled, smtp_enabled)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      owner.accountId,
      owner.domainId,
      address,
      await hashMailboxPassword(password),
      overrides.quotaBytes ?? 10 * 1024 * 1024,
      overrides.imapEnabled ?? true,
      overrides.pop3Enabled ?? true,
      overrides.smtpEnabled ?? true,
    ],
  );
  return { id, address, password, accountId: owner.accountId, domainId: owner.domainId };
}

export async function createTestAppPassword(mailboxId: string, protocols: MailProtocol[]): Promise<string> {
  const secret = newAppPasswordSecret();
  await sql("insert into mailbox_app_passwords (id, mailbox_id, name, protocols, secret_hash) values ($1, $2, 'test', $3, $4)", [
    `map_${randomBytes(8).toString("hex")}`,
    mailboxId,
    JSON.stringify(protocols),
    hashAppPassword(secret),
  ]);
  return secret;
}

export async function createTestAlias(owner: { accountId: string; domainId: string }, address: string, destinations: string[]) {
  await sql("insert into mailbox_aliases (id, account_id, domain_id, address, destinations) values ($1, $2, $3, $4, $5)", [
    `mal_${randomBytes(8).toString("hex")}`,
    owner.accountId,
    owner.domainId,
    address.toLowerCase(),
    JSON.stringify(destinations),
  ]);
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
