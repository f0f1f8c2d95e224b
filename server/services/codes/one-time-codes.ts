// Issuing and spending emailed secrets (docs/email-and-two-factor.md). Codes are 6 digits,
// hashed with a server key (a plain hash of 10^6 values would be reversible);
// magic-link tokens are 256-bit and hashed. Spending is one conditional UPDATE,
// so a secret works once even when two requests race.
import { randomInt } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { oneTimeCodes } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { constantTimeEqual, derivedKey, hmacBase64Url, randomToken } from "@/server/security/crypto";

export type CodePurpose = "sign_in_code" | "password_reset" | "email_confirmation";
export type SecretPurpose = CodePurpose | "magic_link";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;

let key: Buffer | undefined;
const secretHash = (purpose: SecretPurpose, secret: string) =>
  hmacBase64Url((key ??= derivedKey("one-time-codes")), `${purpose}:${secret}`);

async function store(tx: Executor, accountId: string, purpose: SecretPurpose, secret: string, ttlMs: number) {
  const at = now();
  const values = {
    id: newId("otc"),
    accountId,
    purpose,
    secretHash: secretHash(purpose, secret),
    attempts: 0,
    expiresAt: new Date(at.getTime() + ttlMs),
    consumedAt: null,
    createdAt: at,
  };
  // One live secret per account and purpose: a new one replaces the old.
  await tx
    .insert(oneTimeCodes)
    .values(values)
    .onConflictDoUpdate({ target: [oneTimeCodes.accountId, oneTimeCodes.purpose], set: values });
}

export async function issueCode(tx: Executor, accountId: string, purpose: CodePurpose): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
  await store(tx, accountId, purpose, code, CODE_TTL_MS);
  return code;
}

export async function issueMagicLinkToken(tx: Executor, accountId: string): Promise<string> {
  const token = randomToken(32);
  await store(tx, accountId, "magic_link", token, MAGIC_LINK_TTL_MS);
  return token;
}

/**
 * Spends the account's live code for this purpose if `code` matches. Every
 * guess takes one of the code's tries first, in one conditional UPDATE, and
 * only a guess that got a try is compared: concurrent guesses can never get
 * more than the five tries between them (see docs/security.md).
 */
export async function spendCode(accountId: string, purpose: CodePurpose, code: string, tx: Executor = db()): Promise<boolean> {
  const at = now();
  const [row] = await tx
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.accountId, accountId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, at),
        lt(oneTimeCodes.attempts, MAX_WRONG_TRIES),
      ),
    )
    .returning({ id: oneTimeCodes.id, secretHash: oneTimeCodes.secretHash });
  if (!row || !constantTimeEqual(row.secretHash, secretHash(purpose, code))) return false;
  const spent = await tx
    .update(oneTimeCodes)
    .set({ consumedAt: at })
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return spent.length === 1;
}

/** When the account's live code for `purpose` stops working, or null when there is none (spent, expired or out of tries). */
export async function liveCodeExpiry(accountId: string, purpose: CodePurpose, tx: Executor = db()): Promise<Date | null> {
  const [row] = await tx
    .select({ expiresAt: oneTimeCodes.expiresAt })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.accountId, accountId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now()),
        lt(oneTimeCodes.attempts, MAX_WRONG_TRIES),
      ),
    )
    .limit(1);
  return row?.expiresAt ?? null;
}

/** Spends a magic-link token; returns its account, or null when unknown, used or expired. */
export async function spendMagicLinkToken(token: string, tx: Executor = db()): Promise<string | null> {
  const [spent] = await tx
    .update(oneTimeCodes)
    .set({ consumedAt: now() })
    .where(
      and(
        eq(oneTimeCodes.secretHash, secretHash("magic_link", token)),
        eq(oneTimeCodes.purpose, "magic_link"),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now()),
      ),
    )
    .returning({ accountId: oneTimeCodes.accountId });
  return spent?.accountId ?? null;
}
