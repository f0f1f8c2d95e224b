"use client";
// A mailbox's app passwords: one per mail client, limited to some protocols,
// the secret shown once in a dialog with a copy button.
import { useState } from "react";
import { Button } from "@/components/button";
import { CopyButton } from "@/components/copy-button";
import { Dialog, DialogActions } from "@/components/dialog";
import { QueryState } from "@/components/query-state";
import type { AppPassword } from "@/shared/schemas/mailbox-app-passwords";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { AppPasswordRow } from "./app-password-row";
import { CreateAppPasswordForm } from "./create-app-password-form";
import { useAppPasswords } from "./use-mailboxes";

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
      <Dialog
        open={created !== null}
        title="Copy the app password"
        description={`Use it with ${mailbox.address} as the username. This is the only time it is shown.`}
        onClose={() => setCreated(null)}
      >
        {created ? (
          <div className="space-y-4">
            <code
              data-testid="app-password-secret"
              className="block rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm break-all text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100"
            >
              {created.secret}
            </code>
            <DialogActions>
              <CopyButton text={created.secret} label="Copy password" />
              <Button onClick={() => setCreated(null)}>Done</Button>
            </DialogActions>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
