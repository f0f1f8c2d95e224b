import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { MagicLinkRequest } from "@/features/auth/magic-link-request";
import { DEFAULT_AFTER_SIGN_IN } from "@/shared/safe-callback-url";
import { getPortalSession } from "@/server/portal/portal-session";

export const metadata: Metadata = { title: "Sign in with a link" };

// The emailed link always leads to /auth/magic-link and then /sessions: the
// API builds it, so a callbackUrl cannot ride along.
export default async function MagicLinkRequestPage() {
  if (await getPortalSession()) redirect(DEFAULT_AFTER_SIGN_IN);
  return <MagicLinkRequest passwordHref="/sign-in" />;
}
