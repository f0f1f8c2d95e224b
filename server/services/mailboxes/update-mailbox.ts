// PATCH /mailboxes/{mailbox_id}: only the fields sent change. A new password
// is hashed like the first; a larger quota stays within the plan's maximum.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/server/db/client";
import { mailboxes } from "@/server/db/schema";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { updateMailboxBody } from "@/shared/schemas/mailboxes";
import { hashMailboxPassword } from "./mailbox-password";
import { assertQuotaAllowed, mailboxPlanOf } from "./mailbox-plan";
import { getOwnedMailboxOrThrow, MB, mailboxView } from "./mailbox-view";

type Changes = z.output<typeof updateMailboxBody>;

export async function updateMailbox(accountId: string, mailboxId: string, input: Changes, client: ClientInfo) {
  await getOwnedMailboxOrThrow(accountId, mailboxId);
  const passwordHash = input.password === undefined ? undefined : await hashMailboxPassword(input.password);
  const row = await db().transaction(async (tx) => {
    const current = await getOwnedMailboxOrThrow(accountId, mailboxId, tx);
    if (input.quotaMb !== undefined) assertQuotaAllowed(await mailboxPlanOf(tx, accountId), input.quotaMb);
    const set = {
      ...(input.name !== undefined ? { name: input.name || null } : {}),
      ...(passwordHash !== undefined ? { passwordHash } : {}),
      ...(input.quotaMb !== undefined ? { quotaBytes: input.quotaMb * MB } : {}),
      ...(input.imapEnabled !== undefined ? { imapEnabled: input.imapEnabled } : {}),
      ...(input.pop3Enabled !== undefined ? { pop3Enabled: input.pop3Enabled } : {}),
      ...(input.smtpEnabled !== undefined ? { smtpEnabled: input.smtpEnabled } : {}),
    };
    if (Object.keys(set).length === 0) return current;
    const [updated] = await tx.update(mailboxes).set(set).where(eq(mailboxes.id, mailboxId)).returning();
    // The metadata names what changed, never the password.
    const changed = Object.keys(input).filter((key) => input[key as keyof Changes] !== undefined);
    await recordActivity(
      {
        accountId,
        type: passwordHash !== undefined ? "mailbox.password_changed" : "mailbox.updated",
        description: `Changed the mailbox ${current.address}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { mailboxId, address: current.address, changed },
      },
      tx,
    );
    return updated!;
  });
  return mailboxView(row);
}
