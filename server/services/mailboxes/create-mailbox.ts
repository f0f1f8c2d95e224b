// POST /mailboxes: a hosted mailbox on one of the account's domains, within
// the plan's count and quota. The password is hashed in the form Dovecot
// verifies and never returned.
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { mailboxes } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import type { createMailboxBody } from "@/shared/schemas/mailboxes";
import type { z } from "zod";
import { claimAddress, getMailDomainOrThrow, lockAccountMailboxes, splitAddress } from "./mail-domain";
import { hashMailboxPassword } from "./mailbox-password";
import { assertQuotaAllowed, assertRoomForMailbox, mailboxPlanOf } from "./mailbox-plan";
import { MB, mailboxView } from "./mailbox-view";

export async function createMailbox(accountId: string, input: z.output<typeof createMailboxBody>, client: ClientInfo) {
  const { address, domain } = splitAddress(input.address);
  // Hashed before the transaction: argon2 takes a while and must not hold the locks.
  const passwordHash = await hashMailboxPassword(input.password);
  const row = await db().transaction(async (tx) => {
    const mailDomain = await getMailDomainOrThrow(tx, accountId, domain);
    await lockAccountMailboxes(tx, accountId);
    const plan = await mailboxPlanOf(tx, accountId);
    await assertRoomForMailbox(tx, accountId, plan);
    const quotaMb = input.quotaMb ?? plan.mailboxQuotaMb.default;
    assertQuotaAllowed(plan, quotaMb);
    await claimAddress(tx, address);
    const [inserted] = await tx
      .insert(mailboxes)
      .values({
        id: newId("mbx"),
        accountId,
        domainId: mailDomain.id,
        address,
        name: input.name || null,
        passwordHash,
        quotaBytes: quotaMb * MB,
        createdAt: now(),
      })
      .returning();
    await recordActivity(
      {
        accountId,
        type: "mailbox.created",
        description: `Created the mailbox ${address}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: { mailboxId: inserted!.id, address, quotaMb },
      },
      tx,
    );
    return inserted!;
  });
  return mailboxView(row);
}
