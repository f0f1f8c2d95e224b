// A hosted mailbox's own credentials, checked for one protocol (SMTP
// submission here; IMAP and POP3 are Dovecot's): the mailbox password, or an
// app password that allows the protocol. Which mailbox may log in at all (the
// protocol switched on, the account not scheduled for deletion) is the SQL
// function Dovecot's passdb reads too, so the doors cannot disagree
// (docs/mailboxes.md, "Who may log in"). An app password is found by its hash
// (nothing secret-dependent is compared in JavaScript); the mailbox password
// is an argon2id verify.
import { and, eq, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { accounts, mailboxAppPasswords, mailboxes, type MailProtocol } from "@/server/db/schema";
import { hashAppPassword, verifyMailboxPassword } from "./mailbox-password";
import { mailboxSenderAddresses } from "./sender-addresses";

export type MailboxLogin = {
  mailbox: { id: string; address: string; accountId: string };
  account: typeof accounts.$inferSelect;
  /** The addresses it may send as: its own and its aliases' (catch-alls excluded). */
  senderAddresses: string[];
};

export async function authenticateMailbox(username: string, password: string, protocol: MailProtocol): Promise<MailboxLogin | null> {
  const address = username.trim().toLowerCase();
  if (!password) return null;
  const [row] = await db()
    .select({ mailbox: mailboxes, account: accounts })
    .from(mailboxes)
    .innerJoin(accounts, eq(accounts.id, mailboxes.accountId))
    .where(sql`${mailboxes.id} in (select mailbox_id from mailbox_login_target(${address}, ${protocol}))`)
    .limit(1);
  if (!row) return null;
  const [appPassword] = await db()
    .update(mailboxAppPasswords)
    .set({ lastUsedAt: now() })
    .where(
      and(
        eq(mailboxAppPasswords.mailboxId, row.mailbox.id),
        eq(mailboxAppPasswords.secretHash, hashAppPassword(password)),
        sql`${mailboxAppPasswords.protocols} ? ${protocol}`,
      ),
    )
    .returning({ id: mailboxAppPasswords.id });
  if (!appPassword && !(await verifyMailboxPassword(row.mailbox.passwordHash, password))) return null;
  return {
    mailbox: { id: row.mailbox.id, address: row.mailbox.address, accountId: row.mailbox.accountId },
    account: row.account,
    senderAddresses: await mailboxSenderAddresses(row.mailbox.address),
  };
}
