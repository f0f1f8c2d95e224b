// The single-use code the callback hands to the portal (docs/oauth.md): 60
// seconds, stored as a SHA-256 hash, bound to the browser that started the
// flow, spent with one conditional UPDATE.
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { now } from "@/server/clock";
import { db, type Executor } from "@/server/db/client";
import { oauthExchangeCodes } from "@/server/db/schema";
import { randomToken, sha256Hex } from "@/server/security/crypto";
import type { OAuthProvider } from "./providers";

export const EXCHANGE_CODE_TTL_MS = 60 * 1000;
const KEEP_DEAD_CODES_MS = 60 * 60 * 1000;
const CODE_PREFIX = "oxc_";

const codeHashOf = (code: string) => sha256Hex(`oauth-exchange:${code}`);

export async function issueExchangeCode(
  input: { accountId: string; provider: OAuthProvider; browserBindingHash: string },
  tx: Executor = db(),
): Promise<string> {
  const at = now();
  const code = CODE_PREFIX + randomToken(32);
  await tx.insert(oauthExchangeCodes).values({
    codeHash: codeHashOf(code),
    accountId: input.accountId,
    provider: input.provider,
    browserBindingHash: input.browserBindingHash,
    expiresAt: new Date(at.getTime() + EXCHANGE_CODE_TTL_MS),
    createdAt: at,
  });
  const cutoff = new Date(at.getTime() - KEEP_DEAD_CODES_MS);
  await tx.delete(oauthExchangeCodes).where(or(lt(oauthExchangeCodes.expiresAt, cutoff), lt(oauthExchangeCodes.consumedAt, cutoff)));
  return code;
}

/**
 * Spends a live code presented by the browser it was bound to; returns its
 * account and provider, or null. A code shown without the right browser
 * cookie stays unspent, so a leaked code cannot be burnt by someone else.
 */
export async function spendExchangeCode(
  code: string,
  browserBindingHash: string | null,
): Promise<{ accountId: string; provider: OAuthProvider } | null> {
  if (!browserBindingHash) return null;
  const [spent] = await db()
    .update(oauthExchangeCodes)
    .set({ consumedAt: now() })
    .where(
      and(
        eq(oauthExchangeCodes.codeHash, codeHashOf(code)),
        eq(oauthExchangeCodes.browserBindingHash, browserBindingHash),
        isNull(oauthExchangeCodes.consumedAt),
        gt(oauthExchangeCodes.expiresAt, now()),
      ),
    )
    .returning({ accountId: oauthExchangeCodes.accountId, provider: oauthExchangeCodes.provider });
  return spent ?? null;
}
