// The test sender: before it has a domain of its own, every account may send
// from onboarding@<MAIL_HOSTNAME> to its own email address, once that address
// is proven (an emailed code, magic link or password reset completed; signing
// up alone does not prove it), at most TEST_SENDER_DAILY_LIMIT messages a UTC
// day. The message then takes the ordinary path (quota, message log, job
// queue, transport), signed with the service's own DKIM key. See
// docs/first-email.md.
import { and, count, eq, gte, isNull } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { accounts, messages } from "@/server/db/schema";
import { env } from "@/server/config/env";
import { AppError } from "@/server/errors";
import type { ApiKeyGrant } from "@/server/services/api-keys/authenticate-api-key";
import { liveCodeExpiry } from "@/server/services/codes/one-time-codes";
import { addressOf } from "@/shared/schemas/messages";
import type { TestSender } from "@/shared/schemas/test-sender";

export const TEST_SENDER_LOCAL_PART = "onboarding";
export const TEST_SENDER_DAILY_LIMIT = 20;

export const testSenderAddress = () => `${TEST_SENDER_LOCAL_PART}@${env().mail.hostname}`;

/** Whether a `from` mailbox ("Name <address>" or a bare address) is the test sender. */
export function isTestSender(from: string): boolean {
  return addressOf(from)?.toLowerCase() === testSenderAddress().toLowerCase();
}

/** Test-sender messages carry no domain of the account and the service's host as their domain. */
const isTestSenderMessage = (accountId: string) =>
  and(eq(messages.accountId, accountId), isNull(messages.domainId), eq(messages.fromDomain, env().mail.hostname));

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

async function sentSince(tx: Executor, accountId: string, since: Date): Promise<number> {
  const [sent] = await tx
    .select({ n: count() })
    .from(messages)
    .where(and(isTestSenderMessage(accountId), gte(messages.createdAt, since)));
  return sent?.n ?? 0;
}

/** GET /sending/test-sender: what to send with, and how many are left today. */
export async function describeTestSender(accountId: string): Promise<TestSender> {
  const [account] = await db()
    .select({ email: accounts.email, emailVerifiedAt: accounts.emailVerifiedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  const emailProven = account!.emailVerifiedAt !== null;
  // A code on its way is part of the confirmation step, so any tab or session can show its field.
  const pendingUntil = emailProven ? null : await liveCodeExpiry(accountId, "email_confirmation");
  return {
    from: `Onboarding <${testSenderAddress()}>`,
    to: account!.email,
    emailProven,
    emailConfirmationPendingUntil: pendingUntil?.toISOString() ?? null,
    dailyLimit: TEST_SENDER_DAILY_LIMIT,
    sentToday: await sentSince(db(), accountId, startOfUtcDay(now())),
  };
}

const forbidden = (message: string) => new AppError("forbidden", message);

/**
 * Who the test sender may reach for this account and credential: the rules the
 * API answers 403 with, and SMTP submission with 553 at RCPT TO (docs/smtp.md).
 */
export async function assertTestSenderMayReach(accountId: string, recipients: string[], apiKey: ApiKeyGrant | null, tx: Executor = db()) {
  if (apiKey?.domainId) throw forbidden("This API key may only send from its own domain, not from the test sender.");
  const [account] = await tx
    .select({ email: accounts.email, emailVerifiedAt: accounts.emailVerifiedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account?.emailVerifiedAt) {
    throw forbidden(
      "Confirm your email address before using the test sender: sign in once with an emailed link or code (or reset your password), then send again.",
    );
  }
  const own = account.email.toLowerCase();
  const others = recipients.map((mailbox) => addressOf(mailbox)?.toLowerCase()).filter((address) => address !== own);
  if (recipients.length === 0 || others.length > 0) {
    throw forbidden(`The test sender only sends to your own address (${account.email}). Add a domain of your own to send to anyone else.`);
  }
}

/**
 * The sending "domain" of a test-sender message, after its rules: `id` is null
 * (no domain of the account), `name` is the service's mail host. Runs inside
 * the send transaction under the account's send lock, so the daily count sees
 * every earlier send.
 */
export async function testSenderDomain(accountId: string, recipients: string[], apiKey: ApiKeyGrant | null, tx: Executor) {
  await assertTestSenderMayReach(accountId, recipients, apiKey, tx);
  const at = now();
  const dayStart = startOfUtcDay(at);
  if ((await sentSince(tx, accountId, dayStart)) >= TEST_SENDER_DAILY_LIMIT) {
    const retryAfter = Math.max(1, Math.ceil((dayStart.getTime() + 86_400_000 - at.getTime()) / 1000));
    throw new AppError(
      "rate_limited",
      `The test sender sends at most ${TEST_SENDER_DAILY_LIMIT} messages a day; try again tomorrow (UTC), or add a domain of your own.`,
      {
        headers: { "Retry-After": String(retryAfter) },
      },
    );
  }
  return { id: null, name: env().mail.hostname };
}
