// Wrong mail logins, counted by the SQL functions every mail door shares
// (migration 0017; docs/security.md, "Mail logins"): the submission listener
// calls them here, Dovecot's passdb calls them for IMAP and POP3 with the
// same limits (server/mail-store/dovecot/sql-queries.ts). An attempt is counted
// before its password is looked at; a right password takes its counts back.
import { sql } from "drizzle-orm";
import { db } from "@/server/db/client";
import { policy } from "./policies";

/** How long an address a mailbox logged in from may still try it once the mailbox is past its budget. */
export const KNOWN_ADDRESS_DAYS = 30;

export type MailLoginLimits = {
  addressLimit: number;
  addressWindowSeconds: number;
  mailboxLimit: number;
  mailboxWindowSeconds: number;
  knownAddressDays: number;
};

export function mailLoginLimits(): MailLoginLimits {
  const address = policy("smtpAuthFailuresPerIp");
  const mailbox = policy("mailLoginFailuresPerMailbox");
  return {
    addressLimit: address.limit,
    addressWindowSeconds: address.windowSeconds,
    mailboxLimit: mailbox.limit,
    mailboxWindowSeconds: mailbox.windowSeconds,
    knownAddressDays: KNOWN_ADDRESS_DAYS,
  };
}

export type MailLoginAttempt = { allowed: boolean; addressFailures: number };

/** Counts one login attempt by `username` from `remoteAddress`; `allowed` says whether its password may be checked. */
export async function countMailLoginAttempt(username: string, remoteAddress: string): Promise<MailLoginAttempt> {
  const limits = mailLoginLimits();
  const result = await db().execute<{ allowed: boolean; address_failures: number }>(sql`
    select allowed, address_failures from mail_login_attempt(${username.trim()}, ${remoteAddress},
      ${limits.addressLimit}::integer, ${limits.addressWindowSeconds}::integer,
      ${limits.mailboxLimit}::integer, ${limits.mailboxWindowSeconds}::integer)`);
  const row = result.rows[0]!;
  return { allowed: row.allowed, addressFailures: Number(row.address_failures) };
}

/** A right password: takes the attempt's counts back and remembers the address for the mailbox. */
export async function countMailLoginSuccess(username: string, remoteAddress: string): Promise<void> {
  await db().execute(sql`select mail_login_succeeded(${username.trim()}, ${remoteAddress}, ${KNOWN_ADDRESS_DAYS}::integer)`);
}
