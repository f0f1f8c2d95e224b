// Binds a provider sign-in to the browser that started it (docs/oauth.md):
// the browser keeps a random value (in an HttpOnly cookie, which the route
// layer reads and sets) and the flow stores only its hash; the callback and
// the exchange must present the same value. A state or exchange code lifted
// from a URL is useless in another browser, and nobody can make a victim
// finish a flow they started.
import { randomToken, sha256Hex } from "@/server/security/crypto";

/**
 * The value to bind a new flow to: the browser's current one (so two tabs
 * signing in at once do not undo each other) or a fresh one.
 */
export function bindingForStart(current: string | null): string {
  return current ?? randomToken(32);
}

export const bindingHash = (value: string) => sha256Hex(`oauth-binding:${value}`);
