// POST /auth/oauth/exchange { code }: the portal (or an integrator's
// browser-side flow) trades the callback's single-use code for a session,
// from the browser that started the flow. Two-factor accounts get the
// challenge like every other sign-in method (docs/email-and-two-factor.md).
import { eq } from "drizzle-orm";
import type { AuthPayload } from "@/shared/schemas/auth";
import { db } from "@/server/db/client";
import { accounts } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { ClientInfo } from "@/shared/api/client-info";
import { finishSignIn } from "@/server/services/two-factor/challenges";
import { bindingHash } from "./browser-binding";
import { spendExchangeCode } from "./exchange-codes";

const invalidCode = () =>
  new AppError(
    "invalid_or_expired_token",
    "This sign-in code is invalid, already used or expired, or was issued to another browser. Please sign in again.",
  );

/** `binding`: the browser binding value the caller presented (docs/oauth.md), or null. */
export async function exchangeOAuthCode(code: string, binding: string | null, client: ClientInfo): Promise<AuthPayload> {
  const spent = await spendExchangeCode(code, binding ? bindingHash(binding) : null);
  if (!spent) throw invalidCode();
  const [account] = await db().select().from(accounts).where(eq(accounts.id, spent.accountId)).limit(1);
  if (!account) throw invalidCode();
  return finishSignIn(account, spent.provider, client);
}
