import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { MagicLinkSignIn } from "@/features/auth/magic-link-sign-in";
import { DEFAULT_AFTER_SIGN_IN } from "@/shared/safe-callback-url";
import { getPortalSession } from "@/server/portal/portal-session";

export const metadata: Metadata = { title: "Sign in with your link", robots: { index: false } };

// GET /auth/magic-link?token=… — where emailed sign-in links lead. The server
// never reads the token: the page only spends it when the person presses
// "Sign in" (docs/portal.md), and proxy.ts sends it with Referrer-Policy: no-referrer.
export default async function MagicLinkPage() {
  // Already signed in: a second sign-in would orphan the first API session; the unspent link simply expires.
  if (await getPortalSession()) redirect(DEFAULT_AFTER_SIGN_IN);
  return <MagicLinkSignIn />;
}
