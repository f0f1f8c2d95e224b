// POST, GET and DELETE /mailboxes/{mailbox_id}/app-passwords: a password per
// mail client, limited to some protocols. The secret is returned once; only
// its hash (in the form Dovecot verifies) is kept.
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { mailboxAppPasswords } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { AppPassword, createAppPasswordBody } from "@/shared/schemas/mailbox-app-passwords";
import { mailProtocols } from "@/shared/mail-protocols";
import { hashAppPassword, newAppPasswordSecret } from "./mailbox-password";
import { getOwnedMailboxOrThrow } from "./mailbox-view";

type AppPasswordRow = typeof mailboxAppPasswords.$inferSelect;

function appPasswordView(row: AppPasswordRow): AppPassword {
  return {
    id: row.id,
    mailboxId: row.mailboxId,
    name: row.name,
    protocols: row.protocols,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function createAppPassword(
  accountId: string,
  mailboxId: string,
  input: z.output<typeof createAppPasswordBody>,
  client: ClientInfo,
) {
  const secret = newAppPasswordSecret();
  // Stored in a fixed order, whatever order they were sent in.
  const protocols = mailProtocols.filter((protocol) => input.protocols.includes(protocol));
  const row = await db().transaction(async (tx) => {
    const mailbox = await getOwnedMailboxOrThrow(accountId, mailboxId, tx);
    const [inserted] = await tx
      .insert(mailboxAppPasswords)
      .values({ id: newId("apw"), mailboxId, name: input.name, protocols, secretHash: hashAppPassword(secret), createdAt: now() })
      .returning();
    await recordActivity(
      {
        accountId,
        type: "mailbox.app_password_created",
        description: `Created the app password “${input.name}” for ${mailbox.address}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { mailboxId, appPasswordId: inserted!.id, name: input.name, protocols },
      },
      tx,
    );
    return inserted!;
  });
  return { ...appPasswordView(row), secret };
}

export async function listAppPasswords(accountId: string, mailboxId: string) {
  await getOwnedMailboxOrThrow(accountId, mailboxId);
  const rows = await db()
    .select()
    .from(mailboxAppPasswords)
    .where(eq(mailboxAppPasswords.mailboxId, mailboxId))
    .orderBy(asc(mailboxAppPasswords.createdAt), asc(mailboxAppPasswords.id));
  return rows.map(appPasswordView);
}

export async function deleteAppPassword(accountId: string, mailboxId: string, appPasswordId: string, client: ClientInfo) {
  await db().transaction(async (tx) => {
    const mailbox = await getOwnedMailboxOrThrow(accountId, mailboxId, tx);
    const [deleted] = await tx
      .delete(mailboxAppPasswords)
      .where(and(eq(mailboxAppPasswords.id, appPasswordId), eq(mailboxAppPasswords.mailboxId, mailboxId)))
      .returning({ id: mailboxAppPasswords.id, name: mailboxAppPasswords.name });
    if (!deleted) throw notFound("App password");
    await recordActivity(
      {
        accountId,
        type: "mailbox.app_password_deleted",
        description: `Deleted the app password “${deleted.name}” of ${mailbox.address}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { mailboxId, appPasswordId: deleted.id, name: deleted.name },
      },
      tx,
    );
  });
}
