"use client";
// "Turn off two-factor authentication?" on /security: a current code (or, on a
// fresh session, none) turns it off. Shown only after "Turn off" is pressed,
// so it is loaded then (see on-demand-forms.tsx).
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { AuthenticationCodeInput } from "@/components/authentication-code-input";
import { describedBy, fieldIds, FormField } from "@/components/form-field";
import { describeFailure } from "@/features/api/describe-failure";
import { PortalApiError } from "@/features/api/portal-fetch";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
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

const ids = { code: fieldIds("two-factor-off-code") };

/** Asks for a current code (or, on a fresh session, none) and turns two-factor off. */
export function TurnOffTwoFactor({ onTurnedOff, onCancel }: { onTurnedOff: () => void; onCancel: () => void }) {
  const headingId = useId();
  // An empty field is "no code": a fresh session may turn it off without one.
  const form = useForm<TurnOffInput, unknown, TurnOffValues>({ resolver: turnOffResolver, defaultValues: { code: undefined } });
  const { errors, isSubmitting } = form.formState;
  const disable = useDisableTwoFactor();
  const reauth = useReauthentication();
  const [failure, setFailure] = useState<string | null>(null);

  async function turnOff(code: string | undefined) {
    setFailure(null);
    try {
      await disable.mutateAsync(code);
    } catch (error) {
      if (reauth.askIfNeeded(error, "Turning off two-factor authentication", () => void turnOff(undefined))) return;
      if (error instanceof PortalApiError && error.code === "invalid_two_factor_code") {
        form.setValue("code", undefined);
        form.setError("code", { type: "server", message: error.message }, { shouldFocus: true });
      } else {
        setFailure(describeFailure(error));
      }
      return;
    }
    onTurnedOff();
  }

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

  const onSubmit = form.handleSubmit(({ code }) => turnOff(code));
  const error = errors.code?.message;
  const hint =
    "From your authenticator app, or one of your recovery codes. You may leave it empty if you signed in within the last 15 minutes.";
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
          <FormField ids={ids.code} label="Authentication code" error={error} hint={hint}>
            <AuthenticationCodeInput
              {...form.register("code", { setValueAs: (value: string | undefined) => (value?.trim() ? value : undefined) })}
              {...describedBy(ids.code, { error, hint })}
              autoFocus
            />
          </FormField>
        </div>
        <PanelFormActions submitLabel="Turn off" pendingLabel="Turning off…" pending={isSubmitting} tone="danger" onCancel={onCancel} />
      </form>
    </section>
  );
}
