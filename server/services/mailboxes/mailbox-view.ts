// The Mailbox resource as returned (docs/mailboxes.md): the password hash is
// never part of it. And the owner-scoped lookup: another account's id is 404.
import { and, eq } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { mailboxes } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import type { Mailbox } from "@/shared/schemas/mailboxes";

export type MailboxRow = typeof mailboxes.$inferSelect;

export function mailboxView(row: MailboxRow): Mailbox {
  return {
    id: row.id,
    address: row.address,
    name: row.name,
    domainId: row.domainId,
    quotaBytes: row.quotaBytes,
    usedBytes: row.usedBytes,
    imapEnabled: row.imapEnabled,
    pop3Enabled: row.pop3Enabled,
    smtpEnabled: row.smtpEnabled,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export async function getOwnedMailboxOrThrow(accountId: string, mailboxId: string, tx: Executor = db()): Promise<MailboxRow> {
  const [row] = await tx
    .select()
    .from(mailboxes)
    .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Mailbox");
  return row;
}

export const MB = 1024 * 1024;
