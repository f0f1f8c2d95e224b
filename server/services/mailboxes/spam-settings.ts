// GET | PUT /mailboxes/{mailbox_id}/spam (docs/spam-and-rules.md): one row per
// mailbox once changed; none means the defaults. The MX reads the same rows
// by address (spamSettingsOf).
import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/server/db/client";
import { mailboxes, mailboxSpamSettings } from "@/server/db/schema";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { MailboxSpamSettings, updateMailboxSpamSettingsBody } from "@/shared/schemas/mailbox-spam";
import { getOwnMailboxOrThrow } from "./own-mailbox";

export const DEFAULT_SPAM_SETTINGS: MailboxSpamSettings = { action: "junk", allow: [], block: [] };

export async function getMailboxSpamSettings(accountId: string, mailboxId: string): Promise<MailboxSpamSettings> {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  const [row] = await db().select().from(mailboxSpamSettings).where(eq(mailboxSpamSettings.mailboxId, mailbox.id)).limit(1);
  return row ? { action: row.action, allow: row.allow, block: row.block } : DEFAULT_SPAM_SETTINGS;
}

export async function updateMailboxSpamSettings(
  accountId: string,
  mailboxId: string,
  input: z.output<typeof updateMailboxSpamSettingsBody>,
  client: ClientInfo,
): Promise<MailboxSpamSettings> {
  const mailbox = await getOwnMailboxOrThrow(accountId, mailboxId);
  const values = { action: input.action, allow: input.allow, block: input.block, updatedAt: new Date() };
  await db().transaction(async (tx) => {
    await tx
      .insert(mailboxSpamSettings)
      .values({ mailboxId: mailbox.id, ...values })
      .onConflictDoUpdate({ target: mailboxSpamSettings.mailboxId, set: values });
    await recordActivity(
      {
        accountId,
        type: "mailbox.updated",
        description: `Changed the spam settings of ${mailbox.address}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { mailboxId: mailbox.id, address: mailbox.address, changed: ["spam"] },
      },
      tx,
    );
  });
  return { action: input.action, allow: input.allow, block: input.block };
}

/** The settings of these mailbox addresses (defaults for those never changed), for the MX. */
export async function spamSettingsOf(addresses: string[]): Promise<Map<string, MailboxSpamSettings>> {
  const settings = new Map(addresses.map((address) => [address, DEFAULT_SPAM_SETTINGS]));
  if (addresses.length === 0) return settings;
  const rows = await db()
    .select({
      address: mailboxes.address,
      action: mailboxSpamSettings.action,
      allow: mailboxSpamSettings.allow,
      block: mailboxSpamSettings.block,
    })
    .from(mailboxSpamSettings)
    .innerJoin(mailboxes, eq(mailboxes.id, mailboxSpamSettings.mailboxId))
    .where(inArray(mailboxes.address, addresses));
  for (const row of rows) settings.set(row.address, { action: row.action, allow: row.allow, block: row.block });
  return settings;
}
