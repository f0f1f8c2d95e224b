"use client";
// Setting up two-factor: scan the QR code (or type the setup key), then
// confirm with the first code from the app (POST /account/2fa/verify), which
// turns two-factor on and returns the recovery codes.
import { useId } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { CopyButton } from "@/components/copy-button";
import { OneTimeCodeInput } from "@/components/one-time-code-input";
import { TextField } from "@/components/text-field";
import { PortalApiError } from "@/features/api/portal-fetch";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { twoFactorCodeBody } from "@/shared/schemas/two-factor";
import { PanelFormActions } from "./panel-form-actions";
import { QrCode } from "./qr-code";
import { groupsOfFour } from "./two-factor-text";
import { useConfirmTwoFactor } from "./use-two-factor";

type CodeInput = z.input<typeof twoFactorCodeBody>;
type CodeValues = z.output<typeof twoFactorCodeBody>;

const codeResolver = lazyZodResolver<CodeInput, CodeValues>(() =>
  import("@/shared/schemas/two-factor").then((schemas) => schemas.twoFactorCodeBody),
);

type TwoFactorSetupProps = {
  setup: { provisioningUri: string; secret: string };
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

export function TwoFactorSetup({ setup, onEnabled, onCancel }: TwoFactorSetupProps) {
  const headingId = useId();
  const confirm = useConfirmTwoFactor();
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver: codeResolver,
    defaultValues: { code: "" },
    submit: ({ code }) => confirm.mutateAsync(code),
    onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
    // A wrong code goes beside the field; anything else (no_pending_setup: another tab started a newer setup; rate_limited; network) above it.
    onError: (error) => {
      if (!(error instanceof PortalApiError && error.code === "invalid_two_factor_code")) return false;
      form.setValue("code", "");
      form.setError("code", { type: "server", message: error.message }, { shouldFocus: true });
      return true;
    },
  });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-zinc-200 bg-zinc-50 p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <h4 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-white">
        Set up your authenticator app
      </h4>
      <ol className="mt-4 space-y-6">
        <li>
          <StepTitle number={1}>Scan the QR code</StepTitle>
          <p className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            Open an authenticator app, such as Google Authenticator, 1Password or Authy, add an account and scan this code.
          </p>
          <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
            <QrCode value={setup.provisioningUri} label="QR code for your authenticator app" className="self-start" />
            <dl className="min-w-0 space-y-2">
              <dt className="text-sm text-zinc-600 dark:text-zinc-400">Can&rsquo;t scan it? Enter this setup key instead:</dt>
              <dd>
                <code
                  aria-label="Setup key"
                  className="grid max-w-[16rem] grid-cols-4 gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-white px-3.5 py-2.5 font-mono text-sm font-medium tracking-wider text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
                >
                  {groupsOfFour(setup.secret).map((group, index) => (
                    // The spaces keep the groups apart when the key is selected and copied by hand.
                    <span key={index}>
                      {group}
                      {index < 7 ? " " : ""}
                    </span>
                  ))}
                </code>
              </dd>
              <dd className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <CopyButton text={setup.secret} label="Copy key" ariaLabel="Copy setup key" />
                <span className="text-xs text-zinc-500 dark:text-zinc-400">Time-based, 6 digits, every 30 seconds</span>
              </dd>
            </dl>
          </div>
        </li>
        <li>
          <StepTitle number={2}>Enter the code from the app</StepTitle>
          <form onSubmit={onSubmit} noValidate className="mt-3 space-y-4">
            {failure ? <Alert>{failure}</Alert> : null}
            <div className="max-w-[14rem]">
              <TextField label="6-digit code" error={errors.code?.message}>
                {(control) => <OneTimeCodeInput {...form.register("code")} {...control} />}
              </TextField>
            </div>
            <PanelFormActions submitLabel="Turn on" pendingLabel="Turning on…" pending={isSubmitting} onCancel={onCancel} />
          </form>
        </li>
      </ol>
    </section>
  );
}

function StepTitle({ number, children }: { number: number; children: React.ReactNode }) {
  return (
    <h5 className="flex items-center gap-2.5 text-sm font-medium text-zinc-900 dark:text-white">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white dark:bg-indigo-500"
      >
        {number}
      </span>
      <span>
        <span className="sr-only">Step {number}: </span>
        {children}
      </span>
    </h5>
  );
}
