// The server-side half of a provider sign-in between start and callback:
// state (hashed), PKCE verifier and nonce (sealed), the browser binding and
// where to return. Single use and the 10-minute lifetime are enforced by one
// conditional UPDATE, so a replayed or raced state finds nothing.
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { now } from "@/server/clock";
import { db } from "@/server/db/client";
import { oauthFlows } from "@/server/db/schema";
import { constantTimeEqual, sha256Hex } from "@/server/security/crypto";
import { decryptSecret, encryptSecret } from "@/server/security/encryption";
import type { OAuthProvider } from "./providers";

export const FLOW_TTL_MS = 10 * 60 * 1000;
/** Spent and expired flows are kept this long (for support questions), then deleted. */
const KEEP_DEAD_FLOWS_MS = 60 * 60 * 1000;

export type FlowSecrets = { codeVerifier?: string; nonce?: string };
export type SpentFlow = { provider: OAuthProvider; secrets: FlowSecrets; returnTo: string | null; browserBindingHash: string };

const stateHashOf = (state: string) => sha256Hex(`oauth-state:${state}`);

export async function createFlow(input: {
  provider: OAuthProvider;
  state: string;
  secrets: FlowSecrets;
  browserBindingHash: string;
  returnTo: string | null;
}): Promise<void> {
  const at = now();
  const stateHash = stateHashOf(input.state);
  await db()
    .insert(oauthFlows)
    .values({
      stateHash,
      provider: input.provider,
      browserBindingHash: input.browserBindingHash,
      secretsSealed: encryptSecret(JSON.stringify(input.secrets), stateHash),
      returnTo: input.returnTo,
      expiresAt: new Date(at.getTime() + FLOW_TTL_MS),
      createdAt: at,
    });
  // Housekeeping on the way: nothing else ever reads dead flows.
  const cutoff = new Date(at.getTime() - KEEP_DEAD_FLOWS_MS);
  await db()
    .delete(oauthFlows)
    .where(or(lt(oauthFlows.expiresAt, cutoff), lt(oauthFlows.consumedAt, cutoff)));
}

/**
 * Spends the flow `state` names for `provider`, if it is live and this
 * browser started it; null otherwise (unknown, used, expired, another
 * provider's, another browser's). A wrong browser does not burn the state.
 */
export async function spendFlow(provider: OAuthProvider, state: string, browserBindingHash: string | null): Promise<SpentFlow | null> {
  if (!browserBindingHash) return null;
  const stateHash = stateHashOf(state);
  const at = now();
  const live = and(
    eq(oauthFlows.stateHash, stateHash),
    eq(oauthFlows.provider, provider),
    isNull(oauthFlows.consumedAt),
    gt(oauthFlows.expiresAt, at),
  );
  const [candidate] = await db().select({ binding: oauthFlows.browserBindingHash }).from(oauthFlows).where(live).limit(1);
  if (!candidate || !constantTimeEqual(candidate.binding, browserBindingHash)) return null;
  const [spent] = await db().update(oauthFlows).set({ consumedAt: at }).where(live).returning();
  if (!spent) return null;
  return {
    provider,
    secrets: JSON.parse(decryptSecret(spent.secretsSealed, stateHash)) as FlowSecrets,
    returnTo: spent.returnTo,
    browserBindingHash: spent.browserBindingHash,
  };
}
