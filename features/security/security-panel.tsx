"use client";
// The security settings page body. Sections are added as the API grows
// (password change next); until an area works, it is not shown.

import { Badge } from "@/components/badge";
import { useId, useState } from "react";
import { Alert } from "@/components/alert";
import { ButtonLink } from "@/components/button-link";
import { Switch } from "@/components/switch";
import { LazyConfirmIdentity } from "./on-demand-forms";
import { LinkedProviders } from "./linked-providers";
import { SettingRow, SettingsSection } from "./settings-section";
import { TwoFactorSection } from "./two-factor-setting";
import { useReauthentication } from "./use-reauthentication";
import { useSetOtpLogin } from "./use-otp-login";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { useMe } from "@/features/account/use-me";
import { Button } from "@/components/button";
import { switchToAccount } from "@/features/teams/switch-account";
import type { ServerRead } from "@/shared/api/server-read";
import type { Me } from "@/shared/schemas/account";

export function SecurityPanel({ serverRead }: { serverRead?: ServerRead<Me> | null }) {
  const account = useMe(serverRead);
  return (
    <div className="space-y-10">
      <PageHeader title="Security" description="How you sign in to your account, and what keeps it safe." />

      <QueryState query={account} what="your security settings" loading={<LoadingSection />}>
        {(data) =>
          data.actor.id !== data.id ? (
            <YourOwnSecurity accountId={data.actor.id} />
          ) : (
            <>
              <SettingsSection title="Sign-in methods" description="Ways to get into your account besides your password.">
                <CodeSignInSetting enabled={data.otpLoginEnabled} twoFactorEnabled={data.twoFactorEnabled} />
                <SettingRow
                  title="Sign-in links"
                  description="You can always ask for a one-time sign-in link on the sign-in page. It works once, for 15 minutes."
                >
                  <Badge>Always available</Badge>
                </SettingRow>
                <LinkedProviders />
              </SettingsSection>

              <TwoFactorSection account={data} />

              <SettingsSection title="Password" description="The password you sign in with.">
                <SettingRow
                  title="Reset your password"
                  description="Get a code by email and choose a new password. Resetting signs out every session, this one included."
                >
                  <ButtonLink href={`/forgot-password?${new URLSearchParams({ email: data.email })}`} variant="secondary" size="sm">
                    Reset password
                  </ButtonLink>
                </SettingRow>
              </SettingsSection>
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function CodeSignInSetting({ enabled, twoFactorEnabled }: { enabled: boolean; twoFactorEnabled: boolean }) {
  const setOtpLogin = useSetOtpLogin();
  const reauth = useReauthentication();
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  function change(next: boolean) {
    setNotice(null);
    setOtpLogin.mutate(next, {
      onSuccess: ({ otpLoginEnabled }) =>
        setNotice(otpLoginEnabled ? "Sign-in with an emailed code is on." : "Sign-in with an emailed code is off."),
      // Turning it on needs a fresh session: confirm, then the switch flips by itself.
      onError: (error) => {
        if (reauth.askIfNeeded(error, "Turning on code sign-in", () => change(next))) setOtpLogin.reset();
      },
    });
  }

  return (
    <SettingRow
      controlBeside
      titleId={titleId}
      descriptionId={descriptionId}
      title="Sign in with an emailed code"
      description="Get a 6-digit code by email instead of typing your password. Anyone who can read your email could then sign in, so keep your mailbox secure. Turning it on needs a sign-in from the last 15 minutes."
      below={
        reauth.action !== null ? (
          <LazyConfirmIdentity
            frame="panel"
            action={reauth.action}
            returnTo="/security"
            twoFactorEnabled={twoFactorEnabled}
            onConfirmed={reauth.confirmed}
            onCancel={reauth.cancel}
          />
        ) : setOtpLogin.error ? (
          <Alert>{setOtpLogin.error.message}</Alert>
        ) : notice ? (
          <Alert tone="success">{notice}</Alert>
        ) : null
      }
    >
      <Switch
        checked={enabled}
        onCheckedChange={change}
        pending={setOtpLogin.isPending}
        disabled={reauth.action !== null}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      />
    </SettingRow>
  );
}

/**
 * Sign-in methods and two-factor belong to the person, not to a team they act in: this page shows them
 * in the person's own account, one switch away.
 */
function YourOwnSecurity({ accountId }: { accountId: string }) {
  const [switching, setSwitching] = useState(false);
  return (
    <Alert tone="warning" title="Your sign-in is your own">
      <p>You are acting in a team. How you sign in, and two-factor, are set in your own account.</p>
      <Button
        size="sm"
        variant="secondary"
        className="mt-3"
        pending={switching}
        onClick={() => {
          setSwitching(true);
          void switchToAccount(accountId, "/security").catch(() => setSwitching(false));
        }}
      >
        Switch to your account
      </Button>
    </Alert>
  );
}

function LoadingSection() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 md:grid-cols-[16rem_1fr] md:gap-10">
      <span className="sr-only">Loading security settings…</span>
      <div aria-hidden="true" className="animate-pulse space-y-2">
        <div className="h-4 w-32 rounded bg-zinc-100 dark:bg-zinc-800" />
        <div className="h-3 w-48 rounded bg-zinc-100 dark:bg-zinc-800" />
      </div>
      <div aria-hidden="true" className="animate-pulse rounded-xl border border-zinc-200 px-5 py-5 dark:border-zinc-800">
        <div className="flex items-start justify-between gap-8">
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-52 rounded bg-zinc-100 dark:bg-zinc-800" />
            <div className="h-3 w-full max-w-md rounded bg-zinc-100 dark:bg-zinc-800" />
          </div>
          <div className="h-6 w-11 rounded-full bg-zinc-100 dark:bg-zinc-800" />
        </div>
      </div>
    </div>
  );
}
