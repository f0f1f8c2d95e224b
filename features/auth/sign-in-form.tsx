"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { TextField } from "@/components/text-field";
import { EmailField } from "./email-field";
import { PasswordInput } from "@/components/password-input";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import type { loginBody } from "@/shared/schemas/auth";
import type { OfferedProvider } from "@/shared/schemas/oauth";
import { AuthCard, textLinkClass } from "./auth-card";
import { OtherSignInMethods } from "./other-sign-in-methods";
import { failureMessage } from "./sign-in-error";
import { OnDemandTwoFactorSignIn } from "./on-demand-two-factor";
import { useCredentialsSubmit } from "./use-credentials-submit";
import { type TwoFactorChallenge, useTwoFactorChallenge } from "./use-two-factor-challenge";

type SignInInput = z.input<typeof loginBody>;
type SignInValues = z.output<typeof loginBody>;

const resolver = lazyZodResolver<SignInInput, SignInValues>(() => import("@/shared/schemas/auth").then((schemas) => schemas.loginBody));

/** The sign-in page's card: email and password, then the second factor when the account has one. */
export function PasswordSignIn({
  callbackUrl,
  signUpHref,
  providers,
}: {
  callbackUrl: string;
  signUpHref: string;
  providers: OfferedProvider[];
}) {
  const challenge = useTwoFactorChallenge();
  // Kept across the two-factor step, so coming back to this form (expired, or "Start over") needs only the password.
  const [email, setEmail] = useState("");
  if (challenge.challengeToken) {
    return <OnDemandTwoFactorSignIn challenge={challenge} challengeToken={challenge.challengeToken} callbackUrl={callbackUrl} />;
  }
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
      <SignInForm callbackUrl={callbackUrl} challenge={challenge} defaultEmail={email} onSubmitEmail={setEmail} />
      <OtherSignInMethods callbackUrl={callbackUrl} providers={providers} />
    </AuthCard>
  );
}

type SignInFormProps = {
  callbackUrl: string;
  challenge: TwoFactorChallenge;
  defaultEmail: string;
  onSubmitEmail: (email: string) => void;
};

function SignInForm({ callbackUrl, challenge, defaultEmail, onSubmitEmail }: SignInFormProps) {
  const form = useForm<SignInInput, unknown, SignInValues>({
    resolver,
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure, isNavigating } = useCredentialsSubmit<SignInInput>({
    callbackUrl,
    fields: ["email", "password"],
    setError: form.setError,
    challenge,
  });
  const alertRef = useRef<HTMLDivElement>(null);

  // Back from a two-factor step that expired, the form says why.
  const shownFailure = failure ?? (challenge.expired ? { ...challenge.expired, text: failureMessage(challenge.expired) } : null);
  const hasFieldErrors = Boolean(shownFailure && shownFailure.errors.length > 0);

  // A failure with no field to blame: keep keyboard focus near the message.
  // (Keyed on the state itself, so it runs when a message arrives, not on every keystroke.)
  useEffect(() => {
    if ((failure || challenge.expired) && !hasFieldErrors) alertRef.current?.focus();
  }, [failure, challenge.expired, hasFieldErrors]);

  const onSubmit = form.handleSubmit(({ email, password }) => {
    onSubmitEmail(email);
    return submit({ mode: "login", email, password });
  });
  const isPending = isSubmitting || isNavigating;
  // Whatever was typed so far comes along to the reset page.
  const typedEmail = form.watch("email").trim();
  const forgotHref = typedEmail ? `/forgot-password?${new URLSearchParams({ email: typedEmail })}` : "/forgot-password";

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {shownFailure ? (
        <Alert ref={alertRef}>
          {shownFailure.text}
          {shownFailure.code === "invalid_credentials" ? (
            <>
              {" "}
              New here?{" "}
              <Link href="/sign-up" className={textLinkClass}>
                Create an account
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}

      <EmailField error={errors.email?.message} registration={form.register("email")} />

      <TextField
        label="Password"
        error={errors.password?.message}
        aside={
          <Link href={forgotHref} className={`${textLinkClass} text-sm`}>
            Forgot password?
          </Link>
        }
      >
        {(control) => <PasswordInput {...form.register("password")} {...control} autoComplete="current-password" />}
      </TextField>

      <Button type="submit" pending={isPending} className="w-full">
        {isPending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
