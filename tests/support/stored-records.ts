// Rows written straight to the database for the database tier, which calls
// services without a server (no API to make them through): accounts and messages here,
// mailboxes with the kit's one stored-mailbox writer (hosted-mailboxes.ts).
// Each call makes a fresh account, so files and tests never share data.
import { randomBytes } from "node:crypto";
import { db, pool } from "@/server/db/client";
import { accounts, messages } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { storedDomainWithMailbox } from "./hosted-mailboxes";

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

/** A message of a fresh account, as the send path stores it; `fields` replace its columns. */
export async function storedMessage(fields: Partial<typeof messages.$inferInsert> = {}): Promise<string> {
  const account = await storedAccount();
  const id = newId("msg");
  await db()
    .insert(messages)
    .values({
      id,
      accountId: account.id,
      fromDomain: "example.com",
      from: "Sender <sender@example.com>",
      to: ["reader@example.com"],
      subject: "Hello",
      messageIdHeader: `<${id}@example.com>`,
      ...fields,
    });
  return id;
}

/** A mailbox on a domain of its own, as the mailbox service stores it. */
export async function storedMailboxOnNewDomain(
  accountId: string,
  switches: { imapEnabled?: boolean; pop3Enabled?: boolean; smtpEnabled?: boolean } = {},
): Promise<{ id: string; address: string; password: string }> {
  const address = `box@db-${randomBytes(4).toString("hex")}.example.com`;
  const password = `Correct-horse-${randomBytes(6).toString("hex")}`;
  const { mailboxId } = await storedDomainWithMailbox((text, values) => pool().query(text, values), accountId, {
    address,
    password,
    quotaBytes: 10 * 1024 * 1024,
    ...switches,
  });
  return { id: mailboxId, address, password };
}
