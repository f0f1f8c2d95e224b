"use client";
// The "Two-factor authentication" section of /security: status, setup (QR
// code, setup key, first code, recovery codes) and turning it off. Setup and
// turning off without a code need a fresh session; when the API says the
// session is too old, "Confirm it's you" makes it fresh and the change runs again.
import { Badge } from "@/components/badge";
import { useState } from "react";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import type { Account } from "@/shared/schemas/account";
import { describeFailure } from "@/features/api/describe-failure";
import { LazyConfirmIdentity, LazyTurnOffTwoFactor, LazyTwoFactorSetup, preloadTwoFactorSetup } from "./on-demand-forms";
import { RecoveryCodes } from "./recovery-codes";
import { SettingRow, SettingsSection } from "./settings-section";
import { useReauthentication } from "./use-reauthentication";
import { useStartTwoFactorSetup } from "./use-two-factor";

type Phase =
  | { kind: "idle" }
  | { kind: "setting-up"; setup: { provisioningUri: string; secret: string } }
  /** Just turned on: the recovery codes, shown this once. */
  | { kind: "showing-codes"; codes: string[] }
  | { kind: "turning-off" };

export function TwoFactorSection({ account }: { account: Account }) {
  return (
    <SettingsSection
      title="Two-factor authentication"
      description="A code from your phone at every sign-in, so a stolen password is not enough."
    >
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
    preloadTwoFactorSetup(); // alongside the API call, not after it

    start.mutate(undefined, {
      onSuccess: (setup) => setPhase({ kind: "setting-up", setup }),
      onError: (error) => {
        if (reauth.askIfNeeded(error, "Setting up two-factor authentication", startSetup)) start.reset();
      },
    });
  }

  const below =
    reauth.action !== null ? (
      <LazyConfirmIdentity
        frame="panel"
        action={reauth.action}
        returnTo="/security"
        twoFactorEnabled={enabled}
        onConfirmed={reauth.confirmed}
        onCancel={reauth.cancel}
      />
    ) : current.kind === "setting-up" ? (
      <LazyTwoFactorSetup
        setup={current.setup}
        onEnabled={(codes) => setPhase({ kind: "showing-codes", codes })}
        onCancel={() => setPhase({ kind: "idle" })}
      />
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
      <LazyTurnOffTwoFactor
        onTurnedOff={() => {
          setPhase({ kind: "idle" });
          setNotice("Two-factor authentication is off.");
        }}
        onCancel={() => setPhase({ kind: "idle" })}
      />
    ) : start.error ? (
      <Alert>{describeFailure(start.error)}</Alert>
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
        {enabled || current.kind === "showing-codes" ? (
          <Badge tone="success" dot>
            On
          </Badge>
        ) : (
          <Badge dot>Off</Badge>
        )}
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
