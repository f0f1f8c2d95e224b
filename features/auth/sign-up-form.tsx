"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { TextField } from "@/components/text-field";
import { EmailField } from "./email-field";
import { PasswordInput } from "@/components/password-input";
import { planIds } from "@/shared/plan-ids";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { emptyAsUndefined } from "@/features/forms/empty-as-undefined";
import type { registerBody } from "@/shared/schemas/auth";
import { planLabels } from "@/features/account/plan-labels";
import { textLinkClass } from "./auth-card";
import { useCredentialsSubmit } from "./use-credentials-submit";

type SignUpInput = z.input<typeof registerBody>;
type SignUpValues = z.output<typeof registerBody>;
const resolver = lazyZodResolver<SignUpInput, SignUpValues>(() => import("@/shared/schemas/auth").then((schemas) => schemas.registerBody));

const ids = { planId: fieldIds("planId") };

/** The rules of newPasswordSchema plus the API's common-password check, for every "new password" field. */
export const NEW_PASSWORD_HINT = "At least 12 characters. Common passwords are refused.";

const hints = {
  password: NEW_PASSWORD_HINT,
  username: "Letters, digits, dot, dash or underscore; 3 to 32 characters.",
  planId: "Every account starts on the Free plan. We remember the plan you pick for when you are ready to upgrade.",
};

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const form = useForm<SignUpInput, unknown, SignUpValues>({
    resolver,
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure, isNavigating } = useCredentialsSubmit<SignUpInput>({
    callbackUrl,
    fields: ["email", "password", "username", "planId"],
    setError: form.setError,
  });
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure && failure.errors.length === 0 && failure.code !== "username_taken") alertRef.current?.focus();
  }, [failure]);

  const onSubmit = form.handleSubmit(({ email, password, username, planId }) =>
    submit({ mode: "register", email, password, username, planId }),
  );
  const isPending = isSubmitting || isNavigating;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure ? (
        <Alert ref={alertRef}>
          {failure.text}
          {failure.code === "email_taken" ? (
            <>
              {" "}
              <Link href="/sign-in" className={textLinkClass}>
                Sign in instead
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}

      <EmailField error={errors.email?.message} registration={form.register("email")} />

      <TextField label="Password" hint={hints.password} error={errors.password?.message}>
        {(control) => <PasswordInput {...form.register("password")} {...control} autoComplete="new-password" />}
      </TextField>

      <TextField
        {...form.register("username", { setValueAs: emptyAsUndefined })}
        label="Username"
        optional
        hint={hints.username}
        error={errors.username?.message}
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />

      <FormField ids={ids.planId} label="Plan you are interested in" optional hint={hints.planId} error={errors.planId?.message}>
        <div className="relative">
          <select
            {...form.register("planId", { setValueAs: emptyAsUndefined })}
            {...describedBy(ids.planId, { hint: hints.planId, error: errors.planId?.message })}
            defaultValue=""
            className={`${inputClass} appearance-none pr-9`}
          >
            <option value="">No preference</option>
            {planIds.map((planId) => (
              <option key={planId} value={planId}>
                {planLabels[planId]}
              </option>
            ))}
          </select>
          <svg
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
          >
            <path
              fillRule="evenodd"
              d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
              clipRule="evenodd"
            />
          </svg>
        </div>
      </FormField>

      <Button type="submit" pending={isPending} className="w-full">
        {isPending ? "Creating account…" : "Create account"}
      </Button>
    </form>
  );
}
