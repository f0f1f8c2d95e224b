import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard, textLinkClass } from "@/features/auth/auth-card";
import { OtherSignInMethods } from "@/features/auth/other-sign-in-methods";
import { safeCallbackUrl, withCallbackUrl } from "@/features/auth/safe-callback-url";
import { SignInForm } from "@/features/auth/sign-in-form";
import { getPortalSession } from "@/server/portal/portal-session";

export const metadata: Metadata = { title: "Sign in" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: PageProps) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  // Signing in again would open a second API session and orphan the first.
  if (await getPortalSession()) redirect(callbackUrl);
  const signUpHref = withCallbackUrl("/sign-up", callbackUrl);
  return (
    <AuthCard
      title="Sign in to your account"
      description="Manage your relays, domains and sessions."
      footer={
        <>
          New to Customer Email Service?{" "}
          <Link href={signUpHref} className={textLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm callbackUrl={callbackUrl} />
      <OtherSignInMethods callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
