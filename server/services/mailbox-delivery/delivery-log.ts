// Which mailboxes already hold a message whose transaction ended in a
// temporary failure (docs/mailboxes.md, "Receiving mail"): the sender retries
// the whole message, and those mailboxes are skipped on the retry. At the MX,
// keyed by the SHA-256 of the message as received (a retry sends the same
// bytes), so a message cannot suppress another by naming its Message-ID; for
// our own customers' messages to hosted mailboxes, by their id
// (the hosted route, server/services/delivery/hosted-route.ts). Rows last 7 days,
// longer than senders keep retrying; they are written only when a retry is
// due, and a retry that completes the message removes them.
import { createHash } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { mxMailboxDeliveries } from "@/server/db/schema";

const KEEP_DAYS = 7;

export const messageDigest = (raw: Buffer) => createHash("sha256").update(raw).digest("hex");

const fresh = () => sql`now() - make_interval(days => ${KEEP_DAYS})`;

/** The ones among `mailboxes` that already received the message with this digest. */
export async function alreadyDelivered(digest: string, mailboxes: string[]): Promise<Set<string>> {
  if (mailboxes.length === 0) return new Set();
  const rows = await db()
    .select({ mailbox: mxMailboxDeliveries.mailbox })
    .from(mxMailboxDeliveries)
    .where(
      and(
        eq(mxMailboxDeliveries.digest, digest),
        inArray(mxMailboxDeliveries.mailbox, mailboxes),
        sql`${mxMailboxDeliveries.deliveredAt} > ${fresh()}`,
      ),
    );
  return new Set(rows.map((row) => row.mailbox));
}

/** Notes the mailboxes that received it, before a temporary failure makes the sender retry. */
export async function rememberDelivered(digest: string, mailboxes: string[]): Promise<void> {
  if (mailboxes.length === 0) return;
  await db()
    .insert(mxMailboxDeliveries)
    .values(mailboxes.map((mailbox) => ({ digest, mailbox })))
    .onConflictDoNothing();
  // The table only holds transactions awaiting a retry: expired rows go with each write.
  await db().delete(mxMailboxDeliveries).where(lt(mxMailboxDeliveries.deliveredAt, fresh()));
}

/** The message reached every mailbox: nothing is left to skip. */
export async function forgetDelivered(digest: string): Promise<void> {
  await db().delete(mxMailboxDeliveries).where(eq(mxMailboxDeliveries.digest, digest));
}
