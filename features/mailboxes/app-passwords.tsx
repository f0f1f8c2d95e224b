"use client";
// A mailbox's app passwords: one per mail client, limited to some protocols,
// the secret shown once in a dialog with a copy button.
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CopyButton } from "@/components/copy-button";
import { Dialog, DialogActions } from "@/components/dialog";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { formatDateTime, formatRelativeTime } from "@/components/format-time";
import { applyApiFailure } from "@/features/forms/form-outcome";
import type { AppPassword, createAppPasswordBody } from "@/shared/schemas/mailbox-app-passwords";
import { type Mailbox, mailProtocols } from "@/shared/schemas/mailboxes";
import { useAppPasswords, useCreateAppPassword, useDeleteAppPassword } from "./use-mailboxes";

type Input = z.input<typeof createAppPasswordBody>;
type Values = z.output<typeof createAppPasswordBody>;
const resolver = lazyZodResolver<Input, Values>(() =>
  import("@/shared/schemas/mailbox-app-passwords").then((schemas) => schemas.createAppPasswordBody),
);

const protocolLabel = { imap: "IMAP", pop3: "POP3", smtp: "SMTP" } as const;

export function AppPasswords({ mailbox }: { mailbox: Mailbox }) {
  const list = useAppPasswords(mailbox.id);
  const [created, setCreated] = useState<(AppPassword & { secret: string }) | null>(null);
  return (
    <div className="space-y-3">
      <h3 className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">App passwords</h3>
      {list.isPending ? (
        <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
          Loading app passwords…
        </p>
      ) : list.isError ? (
        <Alert>We could not load the app passwords.</Alert>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">None yet. Give each mail app its own, so you can revoke one alone.</p>
      ) : (
        <ul aria-label={`App passwords of ${mailbox.address}`} className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {list.data.map((appPassword) => (
            <AppPasswordRow key={appPassword.id} mailboxId={mailbox.id} appPassword={appPassword} />
          ))}
        </ul>
      )}
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

function CreateAppPasswordForm({
  mailbox,
  onCreated,
}: {
  mailbox: Mailbox;
  onCreated: (created: AppPassword & { secret: string }) => void;
}) {
  const form = useForm<Input, unknown, Values>({ resolver, defaultValues: { name: "Mail app", protocols: [...mailProtocols] } });
  const { errors, isSubmitting } = form.formState;
  const create = useCreateAppPassword(mailbox.id);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { name: fieldIds(`${mailbox.id}-app-name`), protocols: fieldIds(`${mailbox.id}-app-protocols`) };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(values));
      form.reset();
    } catch (error) {
      setFailure(applyApiFailure(error, ["name", "protocols"], form.setError));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`New app password for ${mailbox.address}`} className="space-y-3">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <FormField ids={ids.name} label="App password name" error={errors.name?.message}>
            <input
              {...form.register("name")}
              {...describedBy(ids.name, { error: errors.name?.message })}
              type="text"
              className={inputClass}
            />
          </FormField>
        </div>
        <Controller
          control={form.control}
          name="protocols"
          render={({ field }) => (
            <fieldset aria-describedby={errors.protocols ? ids.protocols.error : undefined} className="flex gap-3 pb-2">
              <legend className="sr-only">Allowed protocols</legend>
              {mailProtocols.map((protocol) => (
                <label key={protocol} className="flex items-center gap-1.5 text-sm text-zinc-800 dark:text-zinc-200">
                  <input
                    type="checkbox"
                    checked={field.value?.includes(protocol) ?? false}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? mailProtocols.filter((entry) => entry === protocol || field.value?.includes(entry))
                          : (field.value ?? []).filter((entry) => entry !== protocol),
                      )
                    }
                    className="size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-500 dark:border-zinc-600"
                  />
                  {protocolLabel[protocol]}
                </label>
              ))}
            </fieldset>
          )}
        />
        <Button type="submit" size="sm" className="shrink-0 sm:mb-1" pending={isSubmitting}>
          {isSubmitting ? "Creating…" : "Create app password"}
        </Button>
      </div>
      {errors.protocols ? (
        <p id={ids.protocols.error} className="text-sm text-red-600 dark:text-red-400">
          {errors.protocols.message ?? errors.protocols.root?.message}
        </p>
      ) : null}
    </form>
  );
}

function AppPasswordRow({ mailboxId, appPassword }: { mailboxId: string; appPassword: AppPassword }) {
  const remove = useDeleteAppPassword(mailboxId);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-zinc-900 dark:text-white">
          {appPassword.name}{" "}
          <span className="ml-1 text-xs font-normal text-zinc-500 dark:text-zinc-400">
            {appPassword.protocols.map((protocol) => protocolLabel[protocol]).join(", ")}
          </span>
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Created {formatDateTime(appPassword.createdAt)} ·{" "}
          {appPassword.lastUsedAt ? `last used ${formatRelativeTime(appPassword.lastUsedAt)}` : "never used"}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete app password ${appPassword.name}`}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${appPassword.name}”?`}
        confirmLabel="Delete app password"
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(appPassword.id, { onSuccess: () => setConfirming(false) })}
      >
        Mail apps using it can no longer log in.
      </ConfirmDialog>
    </li>
  );
}
