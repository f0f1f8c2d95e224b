import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OAuthComplete } from "@/features/auth/oauth-complete";
import { DEFAULT_AFTER_SIGN_IN } from "@/shared/safe-callback-url";
import { getPortalSession } from "@/server/portal/portal-session";

export const metadata: Metadata = { title: "Signing you in", robots: { index: false } };

// GET /auth/oauth/complete?code=…[&next=…] | ?error=… — where the API's Google
// and GitHub callbacks send the browser (docs/oauth.md). The code is bound to
// this browser and lives 60 seconds, so the page spends it at once; proxy.ts
// sends it with Referrer-Policy: no-referrer.
export default async function OAuthCompletePage() {
  if (await getPortalSession()) redirect(DEFAULT_AFTER_SIGN_IN);
  return <OAuthComplete />;
}
