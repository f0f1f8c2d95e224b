// next-auth's browser client (≈ 10 kB gzip), fetched when someone signs in or
// out rather than with every page. After either, the header's session
// provider is told (next-auth's own SessionProvider is not used).
import type { SignInOptions, SignInResponse, SignOutParams } from "next-auth/react";
import { announcePortalSessionChange, PORTAL_SESSION_CHANGED } from "./portal-session";

export async function signIn(provider: string, options: SignInOptions & { redirect: false }): Promise<SignInResponse | undefined> {
  const nextAuth = await import("next-auth/react");
  const result = await nextAuth.signIn<"credentials">(provider, options);
  if (result?.ok && !result.error) announcePortalSessionChange();
  return result;
}

export async function signOut(options: SignOutParams<boolean> = {}): Promise<void> {
  const nextAuth = await import("next-auth/react");
  // next-auth tells other tabs itself; with a redirect this page is going away,
  // without one it stays and must show the change.
  await nextAuth.signOut(options);
  if (options.redirect === false) window.dispatchEvent(new Event(PORTAL_SESSION_CHANGED));
}
