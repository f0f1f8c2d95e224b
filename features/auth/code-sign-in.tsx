"use client";
// Sign in with an emailed code: ask for the address (POST /auth/otp/send,
// straight to the API), then take the 6-digit code through next-auth
// (mode "code" → POST /auth/otp/verify), and the second factor after it when
// the account has two-factor on.
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { TextField } from "@/components/text-field";
import { Note } from "@/components/note";
import { OneTimeCodeInput } from "@/components/one-time-code-input";
import { sendSignInCode } from "@/shared/api/endpoint-refs";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import type { verifyCodeBody } from "@/shared/schemas/auth";
import { AuthCard, textLinkClass } from "./auth-card";
import { EmailRequestForm, ResendControls } from "./emailed-secret";
import { failureMessage } from "./sign-in-error";
import { OnDemandTwoFactorSignIn } from "./on-demand-two-factor";
import { useCredentialsSubmit } from "./use-credentials-submit";
import { type TwoFactorChallenge, useTwoFactorChallenge } from "./use-two-factor-challenge";

type CodeInput = Pick<z.input<typeof verifyCodeBody>, "code">;
type CodeValues = Pick<z.output<typeof verifyCodeBody>, "code">;
const resolver = lazyZodResolver<CodeInput, CodeValues>(() =>
  import("@/shared/schemas/auth").then((schemas) => schemas.verifyCodeBody.pick({ code: true })),
);

export function CodeSignIn({ callbackUrl, passwordHref }: { callbackUrl: string; passwordHref: string }) {
  const [email, setEmail] = useState<string | null>(null);
  const challenge = useTwoFactorChallenge();
  const footer = (
    <>
      Prefer your password?{" "}
      <Link href={passwordHref} className={textLinkClass}>
        Sign in with password
      </Link>
    </>
  );

  if (challenge.challengeToken) {
    return <OnDemandTwoFactorSignIn challenge={challenge} challengeToken={challenge.challengeToken} callbackUrl={callbackUrl} />;
  }

  // The emailed code was spent on a challenge that then expired: a new code is needed, so back to the start.
  if (email === null || challenge.expired) {
    const sent = (address: string) => {
      challenge.clearExpired();
      setEmail(address);
    };
    return (
      <AuthCard title="Sign in with a code" description="We email you a 6-digit code, so you need no password." footer={footer}>
        <div className="space-y-5">
          {challenge.expired ? <Alert>{failureMessage(challenge.expired)}</Alert> : null}
          <Note>
            This works once you have turned on{" "}
            <strong className="font-medium text-zinc-900 dark:text-zinc-100">sign-in with an emailed code</strong> in your account&rsquo;s
            Security settings. Otherwise, use your password or{" "}
            <Link href="/sign-in/link" className={textLinkClass}>
              a sign-in link
            </Link>
            .
          </Note>
          <EmailRequestForm
            endpoint={sendSignInCode}
            submitLabel="Email me a code"
            pendingLabel="Sending…"
            defaultEmail={email ?? ""}
            onSent={sent}
          />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Check your inbox"
      description={
        <>
          If <strong className="font-medium text-zinc-900 dark:text-zinc-100">{email}</strong> can sign in with a code, we have emailed one.
          It works for 10 minutes.
        </>
      }
      footer={footer}
    >
      <CodeForm email={email} callbackUrl={callbackUrl} challenge={challenge} />
      <div className="mt-6 space-y-5 border-t border-zinc-200 pt-6 dark:border-zinc-800">
        <Note>
          No email after a minute? Check your spam folder. Codes are only sent when code sign-in is turned on for the account; you can
          always{" "}
          <Link href="/sign-in/link" className={textLinkClass}>
            get a sign-in link
          </Link>{" "}
          instead.
        </Note>
        <ResendControls endpoint={sendSignInCode} email={email} resendLabel="Send a new code" onChangeEmail={() => setEmail(null)} />
      </div>
    </AuthCard>
  );
}

function CodeForm({ email, callbackUrl, challenge }: { email: string; callbackUrl: string; challenge: TwoFactorChallenge }) {
  const form = useForm<CodeInput, unknown, CodeValues>({ resolver, defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure, isNavigating } = useCredentialsSubmit<CodeInput>({
    callbackUrl,
    fields: ["code"],
    setError: form.setError,
    challenge,
  });
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure && failure.errors.length === 0) alertRef.current?.focus();
  }, [failure]);

  const onSubmit = form.handleSubmit(({ code }) => submit({ mode: "code", email, code }));
  const isPending = isSubmitting || isNavigating;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure ? <Alert ref={alertRef}>{failure.text}</Alert> : null}
      <TextField label="Sign-in code" error={errors.code?.message}>
        {(control) => <OneTimeCodeInput {...form.register("code")} {...control} autoFocus />}
      </TextField>
      <Button type="submit" pending={isPending} className="w-full">
        {isPending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
