"use client";
// A mailbox's app passwords: one per mail client, limited to some protocols,
// the secret shown once in a dialog with a copy button.
import { useState } from "react";
import { QueryState } from "@/components/query-state";
import type { AppPassword } from "@/shared/schemas/mailbox-app-passwords";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { AppPasswordRow } from "./app-password-row";
import { CreateAppPasswordForm } from "./create-app-password-form";
import { useAppPasswords } from "./use-mailboxes";
import { SecretOnceDialog } from "@/components/secret-once-dialog";

export function AppPasswords({ mailbox }: { mailbox: Mailbox }) {
  const list = useAppPasswords(mailbox.id);
  const [created, setCreated] = useState<(AppPassword & { secret: string }) | null>(null);
  return (
    <div className="space-y-3">
      <h3 className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">App passwords</h3>
      <QueryState query={list} what="the app passwords" empty={<p>None yet. Give each mail app its own, so you can revoke one alone.</p>}>
        {(appPasswords) => (
          <ul aria-label={`App passwords of ${mailbox.address}`} className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {appPasswords.map((appPassword) => (
              <AppPasswordRow key={appPassword.id} mailboxId={mailbox.id} appPassword={appPassword} />
            ))}
          </ul>
        )}
      </QueryState>
      <CreateAppPasswordForm mailbox={mailbox} onCreated={setCreated} />
      <SecretOnceDialog
        secret={created?.secret ?? null}
        title="Copy the app password"
        description={`Use it with ${mailbox.address} as the username. This is the only time it is shown.`}
        copyLabel="Copy password"
        testId="app-password-secret"
        onClose={() => setCreated(null)}
      />
    </div>
  );
}
