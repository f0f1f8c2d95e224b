"use client";
// Choose a new password with the emailed reset code (POST /auth/password/reset,
// straight to the API). The API signs every session out, so this browser's
// portal session (if any) ends here too.
import Link from "next/link";
import { signOut } from "./next-auth-client";
import { useSignedInEmail } from "./portal-session";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { buttonClass } from "@/components/button-styles";
import { describedBy, fieldIds, FormField } from "@/components/form-field";
import { EmailField } from "./email-field";
import { OneTimeCodeInput } from "@/components/one-time-code-input";
import { PasswordInput } from "@/components/password-input";
import { PortalApiError, unreachable } from "@/features/api/portal-fetch";
import { publicFetch } from "@/features/api/public-fetch";
import { resetPassword } from "@/shared/api/endpoint-refs";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import type { resetPasswordBody } from "@/shared/schemas/auth";
import { AuthCard, textLinkClass } from "./auth-card";
import { placeFieldErrors } from "./place-field-errors";
import { failureMessage } from "./sign-in-error";
import { NEW_PASSWORD_HINT } from "./sign-up-form";

type ResetInput = z.input<typeof resetPasswordBody>;
type ResetValues = z.output<typeof resetPasswordBody>;
const resolver = lazyZodResolver<ResetInput, ResetValues>(() =>
  import("@/shared/schemas/auth").then((schemas) => schemas.resetPasswordBody),
);

const ids = { email: fieldIds("email"), otp_code: fieldIds("otp_code"), new_password: fieldIds("new_password") };

const hints = {
  otp_code: "The 6-digit code from the email. It works for 10 minutes.",
  new_password: NEW_PASSWORD_HINT,
};

type Failure = { code: string; text: string };

export function ResetPasswordForm({ defaultEmail }: { defaultEmail: string }) {
  const form = useForm<ResetInput, unknown, ResetValues>({
    resolver,
    defaultValues: { email: defaultEmail, otp_code: "", new_password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const signedInEmail = useSignedInEmail();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [isDone, setIsDone] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (isDone) headingRef.current?.focus();
  }, [isDone]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await publicFetch(resetPassword, { body: values });
    } catch (error) {
      const apiError = error instanceof PortalApiError ? error : unreachable();
      const unplaced = placeFieldErrors(apiError.errors, ["email", "otp_code", "new_password"], form.setError);
      if (apiError.errors.length === 0 || unplaced.length > 0)
        setFailure({ code: apiError.code, text: [failureMessage(apiError), ...unplaced].join(" ") });
      return;
    }
    // The API has just ended every session, this browser's included: drop the portal cookie too.
    if (signedInEmail) await signOut({ redirect: false });
    setIsDone(true);
  });

  const typedEmail = form.watch("email").trim();
  const newCodeHref = typedEmail ? `/forgot-password?${new URLSearchParams({ email: typedEmail })}` : "/forgot-password";
  const footer = (
    <>
      Need a new code?{" "}
      <Link href={newCodeHref} className={textLinkClass}>
        Send another
      </Link>
    </>
  );

  if (isDone) {
    return (
      <AuthCard
        headingRef={headingRef}
        title="Password reset"
        description="Use your new password from now on."
        footer={
          <>
            Back to{" "}
            <Link href="/" className={textLinkClass}>
              the home page
            </Link>
          </>
        }
      >
        <div className="space-y-5">
          <Alert tone="success">Password reset: every session was signed out.</Alert>
          <Link href="/sign-in" className={`${buttonClass("primary")} w-full`}>
            Sign in with your new password
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="Enter the code we emailed you. Resetting signs you out on every device."
      footer={footer}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {failure ? (
          <Alert ref={alertRef}>
            {failure.text}
            {failure.code === "invalid_or_expired_code" ? (
              <>
                {" "}
                <Link href={newCodeHref} className={textLinkClass}>
                  Email me a new code
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}

        <EmailField ids={ids.email} error={errors.email?.message} registration={form.register("email")} />

        <FormField ids={ids.otp_code} label="Reset code" hint={hints.otp_code} error={errors.otp_code?.message}>
          <OneTimeCodeInput
            {...form.register("otp_code")}
            {...describedBy(ids.otp_code, { hint: hints.otp_code, error: errors.otp_code?.message })}
            autoFocus={defaultEmail !== ""}
          />
        </FormField>

        <FormField ids={ids.new_password} label="New password" hint={hints.new_password} error={errors.new_password?.message}>
          <PasswordInput
            {...form.register("new_password")}
            {...describedBy(ids.new_password, { hint: hints.new_password, error: errors.new_password?.message })}
            autoComplete="new-password"
          />
        </FormField>

        <Button type="submit" pending={isSubmitting} className="w-full">
          {isSubmitting ? "Resetting password…" : "Reset password"}
        </Button>
      </form>
    </AuthCard>
  );
}
