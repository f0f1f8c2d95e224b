"use client";
// Ask for a sign-in link (POST /auth/magic-link/send, straight to the API).
// The link itself opens /auth/magic-link, which signs in only on a click.
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { sendMagicLink } from "@/shared/api/endpoint-refs";
import { AuthCard, textLinkClass } from "./auth-card";
import { EmailRequestForm, InboxIllustration, ResendControls } from "./emailed-secret";

export function MagicLinkRequest({ passwordHref }: { passwordHref: string }) {
  const [email, setEmail] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const footer = (
    <>
      Prefer your password?{" "}
      <Link href={passwordHref} className={textLinkClass}>
        Sign in with password
      </Link>
    </>
  );

  // A new step replaces the form: start reading (and tabbing) from its heading.
  useEffect(() => {
    if (email !== null) headingRef.current?.focus();
  }, [email]);

  if (email === null) {
    return (
      <AuthCard title="Sign in with a link" description="We email you a link that signs you in, so you need no password." footer={footer}>
        <EmailRequestForm endpoint={sendMagicLink} submitLabel="Email me a sign-in link" pendingLabel="Sending…" onSent={setEmail} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      headingRef={headingRef}
      title="Check your inbox"
      description={
        <>
          If an account exists for <strong className="font-medium text-zinc-900 dark:text-zinc-100">{email}</strong>, we have emailed it a
          sign-in link.
        </>
      }
      footer={footer}
    >
      <div className="space-y-6">
        <InboxIllustration />
        <p className="text-center text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          Open the link and press <span className="font-medium text-zinc-900 dark:text-zinc-100">Sign in</span>. It works once, for 15
          minutes. No email after a minute? Check your spam folder.
        </p>
        <ResendControls endpoint={sendMagicLink} email={email} resendLabel="Send a new link" onChangeEmail={() => setEmail(null)} />
      </div>
    </AuthCard>
  );
}
