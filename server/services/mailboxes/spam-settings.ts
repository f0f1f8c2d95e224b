// GET | PUT /mailboxes/{mailbox_id}/spam and /mailboxes/domains/{domain_id}/spam
// (docs/spam-and-rules.md): one row per mailbox or domain once changed; none
// means the defaults. The MX reads the same rows by address (spamSettingsOf).
import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/server/db/client";
import { domainSpamLists, mailboxes, mailboxSpamSettings } from "@/server/db/schema";
import { recordActivity } from "@/server/services/activity/record-activity";
import { getOwnedDomainOrThrow } from "@/server/services/domains/domain-view";
import type { ClientInfo } from "@/shared/api/client-info";
import type {
  DomainSpamLists,
  MailboxSpamSettings,
  updateDomainSpamListsBody,
  updateMailboxSpamSettingsBody,
} from "@/shared/schemas/mailbox-spam";
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

export async function getDomainSpamLists(accountId: string, domainId: string): Promise<DomainSpamLists> {
  const domain = await getOwnedDomainOrThrow(accountId, domainId);
  const [row] = await db().select().from(domainSpamLists).where(eq(domainSpamLists.domainId, domain.id)).limit(1);
  return row ? { allow: row.allow, block: row.block } : { allow: [], block: [] };
}

export async function updateDomainSpamLists(
  accountId: string,
  domainId: string,
  input: z.output<typeof updateDomainSpamListsBody>,
  client: ClientInfo,
): Promise<DomainSpamLists> {
  const domain = await getOwnedDomainOrThrow(accountId, domainId);
  const values = { allow: input.allow, block: input.block, updatedAt: new Date() };
  await db().transaction(async (tx) => {
    await tx
      .insert(domainSpamLists)
      .values({ domainId: domain.id, ...values })
      .onConflictDoUpdate({ target: domainSpamLists.domainId, set: values });
    await recordActivity(
      {
        accountId,
        type: "domain.spam_lists_changed",
        description: `Changed the spam lists of every mailbox on ${domain.name}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { domainId: domain.id, domain: domain.name },
      },
      tx,
    );
  });
  return { allow: input.allow, block: input.block };
}

/**
 * A mailbox's settings with its domain's lists: what the MX and the hosted route apply; and its account, whose
 * spam statistics score its mail (null for an address with no mailbox).
 */
export type MailboxSpamPolicy = MailboxSpamSettings & { domain: DomainSpamLists; accountId: string | null };

const DEFAULT_POLICY: MailboxSpamPolicy = { ...DEFAULT_SPAM_SETTINGS, domain: { allow: [], block: [] }, accountId: null };

/** The policies of these mailbox addresses (defaults where nothing was changed), for the MX: one query. */
export async function spamSettingsOf(addresses: string[]): Promise<Map<string, MailboxSpamPolicy>> {
  const settings = new Map(addresses.map((address) => [address, DEFAULT_POLICY]));
  if (addresses.length === 0) return settings;
  const rows = await db()
    .select({
      address: mailboxes.address,
      accountId: mailboxes.accountId,
      action: mailboxSpamSettings.action,
      allow: mailboxSpamSettings.allow,
      block: mailboxSpamSettings.block,
      domainAllow: domainSpamLists.allow,
      domainBlock: domainSpamLists.block,
    })
    .from(mailboxes)
    .leftJoin(mailboxSpamSettings, eq(mailboxSpamSettings.mailboxId, mailboxes.id))
    .leftJoin(domainSpamLists, eq(domainSpamLists.domainId, mailboxes.domainId))
    .where(inArray(mailboxes.address, addresses));
  for (const row of rows) {
    settings.set(row.address, {
      action: row.action ?? DEFAULT_SPAM_SETTINGS.action,
      allow: row.allow ?? [],
      block: row.block ?? [],
      domain: { allow: row.domainAllow ?? [], block: row.domainBlock ?? [] },
      accountId: row.accountId,
    });
  }
  return settings;
}
