import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard, textLinkClass } from "@/features/auth/auth-card";
import { safeCallbackUrl, withCallbackUrl } from "@/shared/safe-callback-url";
import { SignUpForm } from "@/features/auth/sign-up-form";
import { OAuthButtons } from "@/features/auth/oauth-buttons";
import { OrDivider } from "@/features/auth/other-sign-in-methods";
import { offeredOAuthProviders } from "@/server/portal/oauth-providers";
import { getPortalSession } from "@/server/portal/portal-session";

export const metadata: Metadata = { title: "Create an account" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignUpPage({ searchParams }: PageProps) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  if (await getPortalSession()) redirect(callbackUrl);
  const signInHref = withCallbackUrl("/sign-in", callbackUrl);
  const providers = await offeredOAuthProviders();
  return (
    <AuthCard
      title="Create your account"
      description="Send from your product through your own relays or ours."
      footer={
        <>
          Already have an account?{" "}
          <Link href={signInHref} className={textLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm callbackUrl={callbackUrl} />
      {providers.length > 0 ? (
        <div className="mt-6 space-y-6">
          <OrDivider />
          <OAuthButtons providers={providers} callbackUrl={callbackUrl} />
        </div>
      ) : null}
    </AuthCard>
  );
}
