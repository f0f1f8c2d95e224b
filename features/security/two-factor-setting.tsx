"use client";
// The "Two-factor authentication" section of /security: status, setup (QR
// code, setup key, first code, recovery codes) and turning it off. Setup and
// turning off without a code need a fresh session; when the API says the
// session is too old, "Confirm it's you" makes it fresh and the change runs again.
import { lazy, Suspense, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { AuthenticationCodeInput } from "@/components/authentication-code-input";
import { describedBy, fieldIds, FormField } from "@/components/form-field";
import type { Account } from "@/shared/schemas/account";
import type { disableTwoFactorBody } from "@/shared/schemas/two-factor";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { PortalApiError } from "@/features/api/portal-fetch";
import { failureMessage } from "@/features/auth/sign-in-error";
import { ConfirmIdentity } from "./confirm-identity";
import { RecoveryCodes } from "./recovery-codes";
import { SettingRow, SettingsSection } from "./settings-section";
import { useReauthentication } from "./use-reauthentication";
import { useDisableTwoFactor, useStartTwoFactorSetup } from "./use-two-factor";

// The setup panel brings the QR code encoder (qrcode) and the code form: only
// for someone turning two-factor on, so it is fetched when they start.
const loadSetup = () => import("./two-factor-setup");
const TwoFactorSetup = lazy(() => loadSetup().then((module) => ({ default: module.TwoFactorSetup })));

type Phase =
  | { kind: "idle" }
  | { kind: "setting-up"; setup: { provisioningUri: string; secret: string } }
  /** Just turned on: the recovery codes, shown this once. */
  | { kind: "showing-codes"; codes: string[] }
  | { kind: "turning-off" };

const messageOf = (error: unknown) => (error instanceof PortalApiError ? failureMessage(error) : "Something went wrong. Please try again.");

export function TwoFactorSection({ account }: { account: Account }) {
  return (
    <SettingsSection title="Two-factor authentication" description="A code from your phone at every sign-in, so a stolen password is not enough.">
      <AuthenticatorAppSetting account={account} />
    </SettingsSection>
  );
}

function AuthenticatorAppSetting({ account }: { account: Account }) {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [notice, setNotice] = useState<string | null>(null);
  const start = useStartTwoFactorSetup();
  const reauth = useReauthentication();
  const enabled = account.twoFactorEnabled;
  // Turned off (or on) in another tab meanwhile: a panel for the old state has nothing left to do.
  const current: Phase = (phase.kind === "turning-off" && !enabled) || (phase.kind === "setting-up" && enabled) ? { kind: "idle" } : phase;

  function startSetup() {
    setNotice(null);
    void loadSetup(); // alongside the API call, not after it

    start.mutate(undefined, {
      onSuccess: (setup) => setPhase({ kind: "setting-up", setup }),
      onError: (error) => {
        if (reauth.askIfNeeded(error, "Setting up two-factor authentication", startSetup)) start.reset();
      },
    });
  }

  const below =
    reauth.action !== null ? (
      <ConfirmIdentity frame="panel" action={reauth.action} returnTo="/security" twoFactorEnabled={enabled} onConfirmed={reauth.confirmed} onCancel={reauth.cancel} />
    ) : current.kind === "setting-up" ? (
      <Suspense fallback={<p className="text-sm text-zinc-500 dark:text-zinc-400">Loading…</p>}>
        <TwoFactorSetup
          setup={current.setup}
          onEnabled={(codes) => setPhase({ kind: "showing-codes", codes })}
          onCancel={() => setPhase({ kind: "idle" })}
        />
      </Suspense>
    ) : current.kind === "showing-codes" ? (
      <RecoveryCodes
        codes={current.codes}
        email={account.email}
        onDone={() => {
          setPhase({ kind: "idle" });
          setNotice("Two-factor authentication is on. Every sign-in now asks for a code from your app.");
        }}
      />
    ) : current.kind === "turning-off" ? (
      <TurnOffTwoFactor
        onTurnedOff={() => {
          setPhase({ kind: "idle" });
          setNotice("Two-factor authentication is off.");
        }}
        onCancel={() => setPhase({ kind: "idle" })}
      />
    ) : start.error ? (
      <Alert>{messageOf(start.error)}</Alert>
    ) : notice ? (
      <Alert tone="success">{notice}</Alert>
    ) : null;

  const isIdle = current.kind === "idle" && reauth.action === null;
  return (
    <SettingRow
      title="Authenticator app"
      description={
        enabled
          ? "Every sign-in asks for a code from the app on your phone (or one of your recovery codes), whether you use your password, an emailed code or a link."
          : "Use an app such as Google Authenticator or 1Password to get a code at every sign-in, on top of your password, emailed code or link."
      }
      below={below}
    >
      <div className="flex items-center gap-3">
        <StatusBadge isOn={enabled || current.kind === "showing-codes"} />
        {isIdle ? (
          enabled ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setNotice(null);
                setPhase({ kind: "turning-off" });
              }}
            >
              Turn off
            </Button>
          ) : (
            <Button size="sm" pending={start.isPending} onClick={startSetup}>
              Set up
            </Button>
          )
        ) : null}
      </div>
    </SettingRow>
  );
}

function StatusBadge({ isOn }: { isOn: boolean }) {
  return isOn ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/20">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
      On
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-zinc-400 dark:bg-zinc-500" />
      Off
    </span>
  );
}

type TurnOffInput = z.input<typeof disableTwoFactorBody>;
type TurnOffValues = z.output<typeof disableTwoFactorBody>;
const turnOffResolver = lazyZodResolver<TurnOffInput, TurnOffValues>(() => import("@/shared/schemas/two-factor").then((schemas) => schemas.disableTwoFactorBody));

const ids = { code: fieldIds("two-factor-off-code") };

/** Asks for a current code (or, on a fresh session, none) and turns two-factor off. */
function TurnOffTwoFactor({ onTurnedOff, onCancel }: { onTurnedOff: () => void; onCancel: () => void }) {
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
        setFailure(messageOf(error));
      }
      return;
    }
    onTurnedOff();
  }

  if (reauth.action !== null) {
    return <ConfirmIdentity frame="panel" action={reauth.action} returnTo="/security" twoFactorEnabled onConfirmed={reauth.confirmed} onCancel={reauth.cancel} />;
  }

  const onSubmit = form.handleSubmit(({ code }) => turnOff(code));
  const error = errors.code?.message;
  const hint = "From your authenticator app, or one of your recovery codes. You may leave it empty if you signed in within the last 15 minutes.";
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-zinc-200 bg-zinc-50 p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-950/40">
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
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" size="sm" pending={isSubmitting}>
            {isSubmitting ? "Turning off…" : "Turn off"}
          </Button>
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
