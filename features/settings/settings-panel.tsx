"use client";
// The /settings page body: profile, password, security preferences and the
// danger zone, all on the signed-in account (GET /auth/me).
import { QueryState } from "@/components/query-state";
import { SettingsSection } from "@/components/settings-section";
import { DeleteAccountSection } from "@/features/account-deletion/delete-account-section";
import { ChangePasswordForm } from "./change-password-form";
import { ProfileForm } from "./profile-form";
import { SecurityPreferencesForm } from "./security-preferences-form";
import { PageHeader } from "@/components/page-header";
import { useMe } from "@/features/account/use-me";
import { Alert } from "@/components/alert";
import { refusedBecause } from "@/features/teams/use-acting";
import { isGranted } from "@/shared/api/access";
import type { ServerRead } from "@/shared/api/server-read";
import type { Me } from "@/shared/schemas/account";

export function SettingsPanel({ serverRead }: { serverRead?: ServerRead<Me> | null }) {
  const account = useMe(serverRead);
  return (
    <div className="space-y-10">
      <PageHeader title="Settings" description="Your profile, your password, and how long sessions stay signed in." />

      <QueryState query={account} what="your settings" loading={<LoadingSections />}>
        {(data) => {
          const inTeam = data.actor.id !== data.id;
          const mayChange = isGranted(data.role, "settings:write");
          return (
            <>
              {mayChange ? null : <Alert tone="warning">{refusedBecause(data.role)}</Alert>}
              {mayChange ? (
                <SettingsSection title="Profile" description="Your name as we show it. Your email is how you sign in.">
                  <ProfileForm account={data} />
                </SettingsSection>
              ) : null}
              {/* A password is the person's own: in a team it is still theirs that changes. */}
              <SettingsSection title="Password" description="Choose a new password. Every other device is signed out when you do.">
                <ChangePasswordForm email={data.actor.email} />
              </SettingsSection>
              {mayChange ? (
                <SettingsSection
                  title="Security preferences"
                  description={
                    inTeam
                      ? "This account's settings: when idle sessions end, new sign-in notices, and two-factor for members."
                      : "When idle sessions end, whether we tell you about new sign-ins, and two-factor for your team."
                  }
                >
                  <SecurityPreferencesForm account={data} />
                </SettingsSection>
              ) : null}
              {isGranted(data.role, "account:delete") ? (
                <SettingsSection tone="danger" title="Danger zone" description="Actions that are hard to take back.">
                  <DeleteAccountSection account={data} />
                </SettingsSection>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

function LoadingSections() {
  return (
    <div role="status" aria-live="polite" className="space-y-10">
      <span className="sr-only">Loading settings…</span>
      {[0, 1, 2].map((section) => (
        <div key={section} aria-hidden="true" className="grid gap-4 md:grid-cols-[16rem_1fr] md:gap-10">
          <div className="animate-pulse space-y-2">
            <div className="h-4 w-32 rounded bg-zinc-100 dark:bg-zinc-800" />
            <div className="h-3 w-48 rounded bg-zinc-100 dark:bg-zinc-800" />
          </div>
          <div className="animate-pulse space-y-3 rounded-xl border border-zinc-200 px-5 py-5 dark:border-zinc-800">
            <div className="h-3.5 w-24 rounded bg-zinc-100 dark:bg-zinc-800" />
            <div className="h-9 w-full max-w-md rounded-lg bg-zinc-100 dark:bg-zinc-800" />
          </div>
        </div>
      ))}
    </div>
  );
}
