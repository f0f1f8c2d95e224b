"use client";
// "Confirm it's you": the password (or, with two-factor on, a code) makes this
// session fresh again (POST /auth/reauthenticate), then the refused change is
// retried. An account without a password (signed up by email code or link
// only) can still sign out and back in, which makes a fresh session too.
import { signOut } from "@/features/auth/next-auth-client";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { PortalApiError } from "@/features/api/portal-fetch";
import { textLinkClass } from "@/features/auth/auth-card";
import { signInUrl } from "@/features/auth/safe-callback-url";
import { failureMessage } from "@/features/auth/sign-in-error";
import { useReauthenticate } from "./use-two-factor";

type Method = "password" | "code";

type ProofValues = { password?: string; code?: string };
const proofSchemas = () => import("./proof-schemas");
const resolvers = {
  password: lazyZodResolver<ProofValues, ProofValues>(() => proofSchemas().then((schemas) => schemas.passwordProof)),
  code: lazyZodResolver<ProofValues, ProofValues>(() => proofSchemas().then((schemas) => schemas.codeProof)),
};

type ConfirmIdentityProps = {
  /** What needs the confirmation, e.g. "Turning on two-factor authentication". */
  action: string;
  /** Offer a code from the authenticator app instead of the password. */
  twoFactorEnabled: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
};

export function ConfirmIdentity({ action, twoFactorEnabled, onConfirmed, onCancel }: ConfirmIdentityProps) {
  const [method, setMethod] = useState<Method>("password");
  const headingId = useId();
  const descriptionId = useId();

  return (
    // The field inside takes focus when the panel appears; the section's name and description say why.
    <section aria-labelledby={headingId} aria-describedby={descriptionId} className="rounded-lg border border-zinc-200 bg-zinc-50 p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-950/40">
      <h4 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-white">
        Confirm it&rsquo;s you
      </h4>
      <p id={descriptionId} className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        {action} needs a sign-in from the last 15 minutes, and this session is older.{" "}
        {method === "password" ? "Enter your password to continue." : "Enter a code from your authenticator app, or a recovery code, to continue."}
      </p>
      <ProofForm key={method} method={method} onConfirmed={onConfirmed} onCancel={onCancel} />
      <div className="mt-4 space-y-2 border-t border-zinc-200 pt-3 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        {twoFactorEnabled ? (
          <p>
            <button type="button" className={textLinkClass} onClick={() => setMethod(method === "password" ? "code" : "password")}>
              {method === "password" ? "Use an authentication code instead" : "Use your password instead"}
            </button>
          </p>
        ) : null}
        <p>
          No password on your account?{" "}
          <button type="button" className={textLinkClass} onClick={() => void signOut({ callbackUrl: signInUrl("/security") })}>
            Sign out and sign in again
          </button>
        </p>
      </div>
    </section>
  );
}

const ids = { password: fieldIds("confirm-password"), code: fieldIds("confirm-code") };

function ProofForm({ method, onConfirmed, onCancel }: { method: Method; onConfirmed: () => void; onCancel: () => void }) {
  const form = useForm<ProofValues>({
    resolver: resolvers[method],
    defaultValues: method === "password" ? { password: "" } : { code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const confirm = useReauthenticate();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await confirm.mutateAsync(method === "password" ? { password: values.password! } : { code: values.code! });
    } catch (error) {
      const apiError = error instanceof PortalApiError ? error : null;
      if (apiError?.code === "invalid_credentials" || apiError?.code === "invalid_two_factor_code") {
        form.setValue(method, "");
        form.setError(method, { type: "server", message: apiError.message }, { shouldFocus: true });
      } else {
        setFailure(apiError ? failureMessage(apiError) : "Something went wrong. Please try again.");
      }
      return;
    }
    onConfirmed();
  });

  const error = method === "password" ? errors.password?.message : errors.code?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="max-w-sm">
        {method === "password" ? (
          <FormField ids={ids.password} label="Password" error={error}>
            <PasswordInput {...form.register("password")} {...describedBy(ids.password, { error })} autoComplete="current-password" autoFocus />
          </FormField>
        ) : (
          <FormField ids={ids.code} label="Authentication code" error={error}>
            <input
              {...form.register("code")}
              {...describedBy(ids.code, { error })}
              type="text"
              inputMode="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              className={`${inputClass} font-mono`}
            />
          </FormField>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" pending={isSubmitting}>
          {isSubmitting ? "Confirming…" : "Confirm"}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
