// Rows written straight to the database for the database tier, which calls
// services without a server (no API to make them through). Each call makes a
// fresh account, so files and tests never share data.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { hashMailboxPassword } from "@/server/services/mailboxes/mailbox-password";

export async function storedAccount(
  overrides: { planId?: string; deletionScheduledFor?: Date } = {},
): Promise<{ id: string; email: string }> {
  const id = newId("acc");
  const email = `db.${randomBytes(5).toString("hex")}@example.test`;
  await db()
    .insert(accounts)
    .values({ id, email, planId: overrides.planId ?? "free", deletionScheduledFor: overrides.deletionScheduledFor ?? null });
  return { id, email };
}

/** A mailbox on a domain of its own, as the mailbox service stores it. */
export async function storedMailbox(
  accountId: string,
  switches: { imapEnabled?: boolean; pop3Enabled?: boolean; smtpEnabled?: boolean } = {},
): Promise<{ id: string; address: string; password: string }> {
  const domainId = newId("dom");
  const domain = `db-${randomBytes(4).toString("hex")}.example.com`;
  await db().execute(sql`
    insert into sending_domains (id, account_id, name, ownership_token, dkim_selector, dkim_public_key, dkim_private_key_sealed)
    values (${domainId}, ${accountId}, ${domain}, 't', 's', 'p', 'k')`);
  const id = newId("mbx");
  const address = `box@${domain}`;
  const password = `Correct-horse-${randomBytes(6).toString("hex")}`;
  await db().execute(sql`
    insert into mailboxes (id, account_id, domain_id, address, password_hash, quota_bytes, imap_enabled, pop3_enabled, smtp_enabled)
    values (${id}, ${accountId}, ${domainId}, ${address}, ${await hashMailboxPassword(password)}, ${10 * 1024 * 1024},
            ${switches.imapEnabled ?? true}, ${switches.pop3Enabled ?? true}, ${switches.smtpEnabled ?? true})`);
  return { id, address, password };
}
