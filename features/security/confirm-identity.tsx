"use client";
// "Confirm it's you": the password (or, with two-factor on, a code) makes this
// session fresh again (POST /auth/reauthenticate), then the caller runs the
// refused action again. One step for every such action: a panel under the
// setting on /security, and the body of the account-deletion dialog. An
// account without a password (signed up by email code or link only) can still
// sign out and back in, which makes a fresh session too.
import { signOut } from "@/features/auth/next-auth-client";
import { useId, useState } from "react";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { DialogActions } from "@/components/dialog";
import { AuthenticationCodeInput } from "@/components/authentication-code-input";
import { PasswordInput } from "@/components/password-input";
import { TextField } from "@/components/text-field";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import { PortalApiError } from "@/features/api/portal-fetch";
import { textLinkClass } from "@/features/auth/auth-card";
import { signInUrl } from "@/shared/safe-callback-url";
import { useReauthenticate } from "./use-two-factor";

type Method = "password" | "code";

type ProofValues = { password?: string; code?: string };
const proofResolver = (method: Method) =>
  lazyZodResolver<ProofValues, ProofValues>(() => import("./proof-schemas").then((schemas) => schemas.proofSchemas[method]));
const resolvers = { password: proofResolver("password"), code: proofResolver("code") };

type Framing =
  /** A panel of its own under the setting, headed "Confirm it's you"; `action` is what waits, e.g. "Turning on code sign-in". */
  | { frame: "panel"; action: string }
  /** The body of a <Dialog> titled "Confirm it's you", whose description says why. */
  | { frame: "dialog" };

type ConfirmIdentityProps = Framing & {
  /** Offer a code from the authenticator app instead of the password. */
  twoFactorEnabled: boolean;
  /** The page "Sign out and sign in again" comes back to. */
  returnTo: string;
  /** The submit button, e.g. "Confirm and delete" when confirming also runs the action. */
  submitLabel?: string;
  tone?: "default" | "danger";
  /** Set while the confirmed action runs in place (e.g. "Deleting account…"): the form stays busy and says so. */
  busyLabel?: string | null;
  /** The confirmed action's own failure, shown above the field. */
  failure?: string | null;
  onConfirmed: () => void;
  onCancel: () => void;
};

export function ConfirmIdentity(props: ConfirmIdentityProps) {
  const [method, setMethod] = useState<Method>("password");
  const otherWays = (
    <OtherWays
      method={method}
      twoFactorEnabled={props.twoFactorEnabled}
      returnTo={props.returnTo}
      onSwitchMethod={() => setMethod(method === "password" ? "code" : "password")}
      className={props.frame === "panel" ? "mt-4 space-y-2 border-t border-zinc-200 pt-3 dark:border-zinc-800" : "space-y-1.5 leading-6"}
    />
  );
  // A fresh form per method, so the other one's errors and values never linger.
  const form = <ProofForm key={method} method={method} {...props} otherWays={props.frame === "dialog" ? otherWays : null} />;
  if (props.frame === "dialog") return form;
  return (
    <Panel action={props.action} method={method}>
      {form}
      {otherWays}
    </Panel>
  );
}

function Panel({ action, method, children }: { action: string; method: Method; children: React.ReactNode }) {
  const headingId = useId();
  const descriptionId = useId();
  return (
    // The field inside takes focus when the panel appears; the section's name and description say why.
    <section
      aria-labelledby={headingId}
      aria-describedby={descriptionId}
      className="rounded-lg border border-zinc-200 bg-zinc-50 p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <h4 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-white">
        Confirm it&rsquo;s you
      </h4>
      <p id={descriptionId} className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        {action} needs a sign-in from the last 15 minutes, and this session is older.{" "}
        {method === "password"
          ? "Enter your password to continue."
          : "Enter a code from your authenticator app, or a recovery code, to continue."}
      </p>
      {children}
    </section>
  );
}

/** Proving it another way: a code instead of the password (with two-factor on), or signing in afresh. */
function OtherWays({
  method,
  twoFactorEnabled,
  returnTo,
  onSwitchMethod,
  className,
}: {
  method: Method;
  twoFactorEnabled: boolean;
  returnTo: string;
  onSwitchMethod: () => void;
  className: string;
}) {
  return (
    <div className={`${className} text-sm text-zinc-600 dark:text-zinc-400`}>
      {twoFactorEnabled ? (
        <p>
          <button type="button" className={textLinkClass} onClick={onSwitchMethod}>
            {method === "password" ? "Use an authentication code instead" : "Use your password instead"}
          </button>
        </p>
      ) : null}
      <p>
        No password on your account?{" "}
        <button type="button" className={textLinkClass} onClick={() => void signOut({ callbackUrl: signInUrl(returnTo) })}>
          Sign out and sign in again
        </button>
        , then come back within 15 minutes.
      </p>
    </div>
  );
}

// In a dialog no description names the method, so the code field says where codes come from.
const codeHint = "From your authenticator app, or one of your recovery codes.";

function ProofForm({
  method,
  frame,
  submitLabel = "Confirm",
  tone = "default",
  busyLabel = null,
  failure: actionFailure = null,
  otherWays,
  onConfirmed,
  onCancel,
}: ConfirmIdentityProps & { method: Method; otherWays: React.ReactNode }) {
  const confirm = useReauthenticate();
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver: resolvers[method],
    defaultValues: { [method]: "" },
    submit: (values: ProofValues) => confirm.mutateAsync(method === "password" ? { password: values.password! } : { code: values.code! }),
    onSuccess: () => onConfirmed(),
    // A wrong password (401 invalid_credentials) or code (401 invalid_two_factor_code) belongs beside the field.
    onError: (error) => {
      if (!(error instanceof PortalApiError && (error.code === "invalid_credentials" || error.code === "invalid_two_factor_code")))
        return false;
      form.setValue(method, "");
      form.setError(method, { type: "server", message: error.message }, { shouldFocus: true });
      return true;
    },
  });

  const error = errors[method]?.message;
  const hint = frame === "dialog" ? codeHint : undefined;
  const message = failure ?? actionFailure;
  const pending = isSubmitting || busyLabel !== null;
  const size = frame === "panel" ? "sm" : "md";
  const submit = (
    <Button type="submit" variant={tone === "danger" ? "danger" : "primary"} size={size} pending={pending}>
      {busyLabel ?? (isSubmitting ? "Confirming…" : submitLabel)}
    </Button>
  );
  const cancel = (
    <Button variant="secondary" size={size} onClick={onCancel} disabled={pending}>
      Cancel
    </Button>
  );

  return (
    <form onSubmit={onSubmit} noValidate className={frame === "panel" ? "mt-4 space-y-4" : "space-y-4"}>
      {message ? <Alert>{message}</Alert> : null}
      <div className={frame === "panel" ? "max-w-sm" : undefined}>
        {method === "password" ? (
          <TextField label="Password" error={error}>
            {(control) => <PasswordInput {...form.register("password")} {...control} autoComplete="current-password" autoFocus />}
          </TextField>
        ) : (
          <TextField label="Authentication code" hint={hint} error={error}>
            {(control) => <AuthenticationCodeInput {...form.register("code")} {...control} autoFocus />}
          </TextField>
        )}
      </div>
      {otherWays}
      {frame === "panel" ? (
        <div className="flex flex-wrap gap-2">
          {submit}
          {cancel}
        </div>
      ) : (
        <DialogActions>
          {cancel}
          {submit}
        </DialogActions>
      )}
    </form>
  );
}
