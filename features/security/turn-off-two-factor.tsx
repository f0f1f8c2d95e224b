"use client";
// "Turn off two-factor authentication?" on /security: a current code (or, on a
// fresh session, none) turns it off. Shown only after "Turn off" is pressed,
// so it is loaded then (see on-demand-forms.tsx).
import { useId } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { AuthenticationCodeInput } from "@/components/authentication-code-input";
import { TextField } from "@/components/text-field";
import { PortalApiError } from "@/features/api/portal-fetch";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { disableTwoFactorBody } from "@/shared/schemas/two-factor";
import { ConfirmIdentity } from "./confirm-identity";
import { PanelFormActions } from "./panel-form-actions";
import { useReauthentication } from "./use-reauthentication";
import { useDisableTwoFactor } from "./use-two-factor";

type TurnOffInput = z.input<typeof disableTwoFactorBody>;
type TurnOffValues = z.output<typeof disableTwoFactorBody>;
const turnOffResolver = lazyZodResolver<TurnOffInput, TurnOffValues>(() =>
  import("@/shared/schemas/two-factor").then((schemas) => schemas.disableTwoFactorBody),
);

const hint =
  "From your authenticator app, or one of your recovery codes. You may leave it empty if you signed in within the last 15 minutes.";

/** Asks for a current code (or, on a fresh session, none) and turns two-factor off. */
export function TurnOffTwoFactor({ onTurnedOff, onCancel }: { onTurnedOff: () => void; onCancel: () => void }) {
  const headingId = useId();
  const disable = useDisableTwoFactor();
  const reauth = useReauthentication();
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver: turnOffResolver,
    // An empty field is "no code": a fresh session may turn it off without one.
    defaultValues: { code: undefined },
    submit: ({ code }) => disable.mutateAsync(code),
    onSuccess: () => onTurnedOff(),
    onError: (error, form) => {
      // Once the session is fresh again, the same form is sent without a code.
      if (
        reauth.askIfNeeded(error, "Turning off two-factor authentication", () => {
          form.setValue("code", undefined);
          void onSubmit();
        })
      )
        return true;
      if (!(error instanceof PortalApiError && error.code === "invalid_two_factor_code")) return false;
      form.setValue("code", undefined);
      form.setError("code", { type: "server", message: error.message }, { shouldFocus: true });
      return true;
    },
  });

  if (reauth.action !== null) {
    return (
      <ConfirmIdentity
        frame="panel"
        action={reauth.action}
        returnTo="/security"
        twoFactorEnabled
        onConfirmed={reauth.confirmed}
        onCancel={reauth.cancel}
      />
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-zinc-200 bg-zinc-50 p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <h4 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-white">
        Turn off two-factor authentication?
      </h4>
      <p className="mt-1 max-w-xl text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        Signing in will then need only your password, emailed code or link. Your recovery codes stop working.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="max-w-sm">
          <TextField label="Authentication code" error={errors.code?.message} hint={hint}>
            {(control) => (
              <AuthenticationCodeInput
                {...form.register("code", { setValueAs: (value: string | undefined) => (value?.trim() ? value : undefined) })}
                {...control}
                autoFocus
              />
            )}
          </TextField>
        </div>
        <PanelFormActions submitLabel="Turn off" pendingLabel="Turning off…" pending={isSubmitting} tone="danger" onCancel={onCancel} />
      </form>
    </section>
  );
}
