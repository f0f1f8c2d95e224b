import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeCallbackUrl, withCallbackUrl } from "@/shared/safe-callback-url";
import { PasswordSignIn } from "@/features/auth/sign-in-form";
import { offeredOAuthProviders } from "@/server/portal/oauth-providers";
import { getPortalSession } from "@/server/portal/portal-session";

export const metadata: Metadata = { title: "Sign in" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: PageProps) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  // Signing in again would open a second API session and orphan the first.
  if (await getPortalSession()) redirect(callbackUrl);
  return (
    <PasswordSignIn
      callbackUrl={callbackUrl}
      signUpHref={withCallbackUrl("/sign-up", callbackUrl)}
      providers={await offeredOAuthProviders()}
    />
  );
}
