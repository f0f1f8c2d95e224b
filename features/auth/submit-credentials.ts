// Every way of signing in (password, sign-up, emailed code, emailed link, and
// the second factor that completes them when two-factor is on) goes
// through next-auth's "password" Credentials provider, which calls the API and
// keeps its tokens in the HttpOnly cookie.
import { signIn } from "./next-auth-client";
import { parseSignInError, type SignInFailure } from "./sign-in-error";

export type Credentials =
  | { mode: "login"; email: string; password: string }
  | { mode: "register"; email: string; password: string; username?: string; planId?: string }
  | { mode: "code"; email: string; code: string }
  | { mode: "magic_link"; token: string }
  /** The exchange code a Google or GitHub sign-in brought back to /auth/oauth/complete. */
  | { mode: "oauth"; code: string }
  /** The second factor (TOTP or recovery code) for a sign-in that answered two_factor_required. */
  | { mode: "challenge"; challengeToken: string; code: string };

export async function submitCredentials(credentials: Credentials): Promise<{ ok: true } | { ok: false; failure: SignInFailure }> {
  // next-auth form-encodes every key it is given: an undefined would arrive as the string "undefined".
  const fields = Object.fromEntries(Object.entries(credentials).filter(([, value]) => value !== undefined && value !== ""));
  try {
    const result = await signIn("password", { ...fields, redirect: false });
    if (result?.ok && !result.error) return { ok: true };
    return { ok: false, failure: parseSignInError(result?.error) };
  } catch {
    return {
      ok: false,
      failure: { code: "network_error", message: "We could not reach the server. Check your connection and try again.", errors: [] },
    };
  }
}
