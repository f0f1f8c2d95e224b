import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CodeSignIn } from "@/features/auth/code-sign-in";
import { safeCallbackUrl, withCallbackUrl } from "@/shared/safe-callback-url";
import { getPortalSession } from "@/server/portal/portal-session";

export const metadata: Metadata = { title: "Sign in with a code" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CodeSignInPage({ searchParams }: PageProps) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  // Signing in again would open a second API session and orphan the first.
  if (await getPortalSession()) redirect(callbackUrl);
  return <CodeSignIn callbackUrl={callbackUrl} passwordHref={withCallbackUrl("/sign-in", callbackUrl)} />;
}
