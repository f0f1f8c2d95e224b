"use client";
// The security settings page body. Sections are added as the API grows
// (two-factor, password change); until an area works, it is not shown.

import { signOut } from "next-auth/react";
import { useId, useState } from "react";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { ButtonLink } from "@/components/button-link";
import { Switch } from "@/components/switch";
import { signInUrl } from "@/features/auth/safe-callback-url";
import { needsFreshSignIn, useAccountDetails, useSetOtpLogin } from "./use-otp-login";

export function SecurityPanel() {
  const account = useAccountDetails();
  return (
    <div className="space-y-10">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Security</h1>
        <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">How you sign in to your account, and what keeps it safe.</p>
      </div>

      {account.isPending ? (
        <LoadingSection />
      ) : account.isError ? (
        <Alert title="We could not load your security settings">
          <p>{account.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" pending={account.isFetching} onClick={() => void account.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <SettingsSection title="Sign-in methods" description="Ways to get into your account besides your password.">
            <CodeSignInSetting enabled={account.data.otpLoginEnabled} />
            <SettingRow
              title="Sign-in links"
              description="You can always ask for a one-time sign-in link on the sign-in page. It works once, for 15 minutes."
            >
              <span className="inline-flex items-center rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                Always available
              </span>
            </SettingRow>
          </SettingsSection>

          <SettingsSection title="Password" description="The password you sign in with.">
            <SettingRow
              title="Reset your password"
              description="Get a code by email and choose a new password. Resetting signs out every session, this one included."
            >
              <ButtonLink href={`/forgot-password?${new URLSearchParams({ email: account.data.email })}`} variant="secondary" size="sm">
                Reset password
              </ButtonLink>
            </SettingRow>
          </SettingsSection>
        </>
      )}
    </div>
  );
}

function CodeSignInSetting({ enabled }: { enabled: boolean }) {
  const setOtpLogin = useSetOtpLogin();
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  function change(next: boolean) {
    setNotice(null);
    setOtpLogin.mutate(next, {
      onSuccess: ({ otpLoginEnabled }) =>
        setNotice(otpLoginEnabled ? "Sign-in with an emailed code is on." : "Sign-in with an emailed code is off."),
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
        needsFreshSignIn(setOtpLogin.error) ? (
          <Alert title="Sign in again to turn this on">
            <p>
              For your security, turning on code sign-in needs a session that signed in within the last 15 minutes, and this one is older. Sign in
              again, then turn it on.
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => void signOut({ callbackUrl: signInUrl("/security") })}
            >
              Sign out and sign in again
            </Button>
          </Alert>
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
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      />
    </SettingRow>
  );
}

function SettingsSection({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 md:grid-cols-[16rem_1fr] md:gap-10">
      <div>
        <h2 id={headingId} className="text-base font-semibold text-zinc-900 dark:text-white">
          {title}
        </h2>
        <p className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      <div className="divide-y divide-zinc-200 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60">
        {children}
      </div>
    </section>
  );
}

type SettingRowProps = {
  title: string;
  description: string;
  titleId?: string;
  descriptionId?: string;
  /** The control (or status) at the right. */
  children: React.ReactNode;
  /** Keep the control at the right on narrow screens too (a switch is small; a button goes below the text). */
  controlBeside?: boolean;
  /** Messages about the last change, under the row. */
  below?: React.ReactNode;
};

function SettingRow({ title, description, titleId, descriptionId, children, controlBeside = false, below }: SettingRowProps) {
  return (
    <div className="px-5 py-4">
      <div
        className={`flex items-start justify-between ${controlBeside ? "flex-row gap-4 sm:gap-8" : "flex-col gap-3 sm:flex-row sm:gap-8"}`}
      >
        <div className="min-w-0 max-w-xl">
          <h3 id={titleId} className="text-sm font-medium text-zinc-900 dark:text-white">
            {title}
          </h3>
          <p id={descriptionId} className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            {description}
          </p>
        </div>
        <div className="shrink-0 sm:pt-0.5">{children}</div>
      </div>
      {below ? <div className="mt-4">{below}</div> : null}
    </div>
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
