"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { loginBody } from "@/shared/schemas/auth";
import { textLinkClass } from "./auth-card";
import { useCredentialsSubmit } from "./use-credentials-submit";

type SignInInput = z.input<typeof loginBody>;
type SignInValues = z.output<typeof loginBody>;

const ids = { email: fieldIds("email"), password: fieldIds("password") };

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const form = useForm<SignInInput, unknown, SignInValues>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure, isNavigating } = useCredentialsSubmit<SignInInput>({
    callbackUrl,
    fields: ["email", "password"],
    setError: form.setError,
  });
  const alertRef = useRef<HTMLDivElement>(null);

  // A failure with no field to blame: keep keyboard focus near the message.
  useEffect(() => {
    if (failure && failure.errors.length === 0) alertRef.current?.focus();
  }, [failure]);

  const onSubmit = form.handleSubmit(({ email, password }) => submit({ mode: "login", email, password }));
  const isPending = isSubmitting || isNavigating;
  // Whatever was typed so far comes along to the reset page.
  const typedEmail = form.watch("email").trim();
  const forgotHref = typedEmail ? `/forgot-password?${new URLSearchParams({ email: typedEmail })}` : "/forgot-password";

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure ? (
        <Alert ref={alertRef}>
          {failure.text}
          {failure.code === "invalid_credentials" ? (
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

      <FormField ids={ids.email} label="Email" error={errors.email?.message}>
        <input
          {...form.register("email")}
          {...describedBy(ids.email, { error: errors.email?.message })}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@company.com"
          className={inputClass}
        />
      </FormField>

      <FormField
        ids={ids.password}
        label="Password"
        error={errors.password?.message}
        aside={
          <Link href={forgotHref} className={`${textLinkClass} text-sm`}>
            Forgot password?
          </Link>
        }
      >
        <PasswordInput
          {...form.register("password")}
          {...describedBy(ids.password, { error: errors.password?.message })}
          autoComplete="current-password"
        />
      </FormField>

      <Button type="submit" pending={isPending} className="w-full">
        {isPending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
