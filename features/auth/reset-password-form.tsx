"use client";
// Choose a new password with the emailed reset code (POST /auth/password/reset,
// straight to the API). The API signs every session out, so this browser's
// portal session (if any) ends here too.
import Link from "next/link";
import { signOut } from "./next-auth-client";
import { useSignedInEmail } from "./portal-session";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { buttonClass } from "@/components/button-styles";
import { EmailField } from "./email-field";
import { OneTimeCodeInput } from "@/components/one-time-code-input";
import { PasswordInput } from "@/components/password-input";
import { TextField } from "@/components/text-field";
import { PortalApiError, type PortalErrorCode } from "@/features/api/portal-fetch";
import { publicFetch } from "@/features/api/public-fetch";
import { resetPassword } from "@/shared/api/endpoint-refs";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { resetPasswordBody } from "@/shared/schemas/auth";
import { AuthCard, textLinkClass } from "./auth-card";
import { NEW_PASSWORD_HINT } from "./sign-up-form";

type ResetInput = z.input<typeof resetPasswordBody>;
type ResetValues = z.output<typeof resetPasswordBody>;
const resolver = lazyZodResolver<ResetInput, ResetValues>(() =>
  import("@/shared/schemas/auth").then((schemas) => schemas.resetPasswordBody),
);

const hints = {
  otp_code: "The 6-digit code from the email. It works for 10 minutes.",
  new_password: NEW_PASSWORD_HINT,
};

export function ResetPasswordForm({ defaultEmail }: { defaultEmail: string }) {
  const signedInEmail = useSignedInEmail();
  const [isDone, setIsDone] = useState(false);
  // The failure's code, so a dead reset code can offer a new one.
  const [failedWith, setFailedWith] = useState<PortalErrorCode | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { email: defaultEmail, otp_code: "", new_password: "" },
    submit: async (values) => {
      setFailedWith(null);
      await publicFetch(resetPassword, { body: values });
      // The API has just ended every session, this browser's included: drop the portal cookie too.
      if (signedInEmail) await signOut({ redirect: false });
    },
    onSuccess: () => setIsDone(true),
    onError: (error) => {
      setFailedWith(error instanceof PortalApiError ? error.code : null);
      return false;
    },
  });

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (isDone) headingRef.current?.focus();
  }, [isDone]);

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
            {failure}
            {failedWith === "invalid_or_expired_code" ? (
              <>
                {" "}
                <Link href={newCodeHref} className={textLinkClass}>
                  Email me a new code
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}

        <EmailField error={errors.email?.message} registration={form.register("email")} />

        <TextField label="Reset code" hint={hints.otp_code} error={errors.otp_code?.message}>
          {(control) => <OneTimeCodeInput {...form.register("otp_code")} {...control} autoFocus={defaultEmail !== ""} />}
        </TextField>

        <TextField label="New password" hint={hints.new_password} error={errors.new_password?.message}>
          {(control) => <PasswordInput {...form.register("new_password")} {...control} autoComplete="new-password" />}
        </TextField>

        <Button type="submit" pending={isSubmitting} className="w-full">
          {isSubmitting ? "Resetting password…" : "Reset password"}
        </Button>
      </form>
    </AuthCard>
  );
}
