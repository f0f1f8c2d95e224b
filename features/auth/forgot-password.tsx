"use client";
// Ask for a password reset code (POST /auth/password/forgot, straight to the
// API), then go on to /reset-password with the address filled in.
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "@/components/button-styles";
import { forgotPassword } from "@/shared/api/endpoint-refs";
import { AuthCard, textLinkClass } from "./auth-card";
import { EmailRequestForm, InboxIllustration, ResendControls } from "./emailed-secret";

export function ForgotPassword({ defaultEmail }: { defaultEmail?: string }) {
  const [email, setEmail] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const footer = (
    <>
      Remembered it?{" "}
      <Link href="/sign-in" className={textLinkClass}>
        Back to sign in
      </Link>
    </>
  );

  useEffect(() => {
    if (email !== null) headingRef.current?.focus();
  }, [email]);

  if (email === null) {
    return (
      <AuthCard title="Reset your password" description="We email you a 6-digit code to choose a new password with." footer={footer}>
        <EmailRequestForm
          endpoint={forgotPassword}
          submitLabel="Email me a reset code"
          pendingLabel="Sending…"
          defaultEmail={defaultEmail}
          onSent={setEmail}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      headingRef={headingRef}
      title="Check your inbox"
      description={
        <>
          If an account exists for <strong className="font-medium text-zinc-900 dark:text-zinc-100">{email}</strong>, we emailed it a code.
          It works for 10 minutes.
        </>
      }
      footer={footer}
    >
      <div className="space-y-6">
        <InboxIllustration />
        <Link href={`/reset-password?${new URLSearchParams({ email })}`} className={`${buttonClass("primary")} w-full`}>
          Enter the code
        </Link>
        <ResendControls endpoint={forgotPassword} email={email} resendLabel="Send a new code" onChangeEmail={() => setEmail(null)} />
      </div>
    </AuthCard>
  );
}
