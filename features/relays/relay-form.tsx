"use client";
// Add or change a relay, on the API's own schemas (create or update). The
// password is write-only: when editing, a blank password keeps the saved one,
// and clearing the username removes the credentials.
import type { Resolver } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { DialogActions } from "@/components/dialog";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { useApiForm } from "@/features/forms/use-api-form";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { relayEncryptions } from "@/shared/relay-kinds";
import type { createSmtpRelayBody, RelayEncryption, SmtpRelay } from "@/shared/schemas/smtp-relay";
import { encryptionHints, encryptionLabels, usualPorts } from "./relay-text";
import { useCreateRelay, useUpdateRelay } from "./use-relays";

type RelayInput = z.input<typeof createSmtpRelayBody>;
const relaySchemas = () => import("@/shared/schemas/smtp-relay");
// Editing validates with the PATCH schema: a blank password there means "keep it".
const resolvers = {
  create: lazyZodResolver(() => relaySchemas().then((schemas) => schemas.createSmtpRelayBody)) as unknown as Resolver<RelayInput>,
  edit: lazyZodResolver(() => relaySchemas().then((schemas) => schemas.updateSmtpRelayBody)) as unknown as Resolver<RelayInput>,
};

const fields = ["name", "smtp_host", "smtp_port", "encryption", "smtp_username", "smtp_password", "status", "is_default"] as const;
const ids = Object.fromEntries(fields.map((field) => [field, fieldIds(`relay-${field}`)])) as Record<
  (typeof fields)[number],
  ReturnType<typeof fieldIds>
>;

/** Blank optional text fields are "not sent", as the API expects. */
const blankAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

type RelayFormProps = {
  /** The relay being changed; absent when adding one. */
  relay?: SmtpRelay;
  /** Adding the account's first relay: it becomes the default unless unticked. */
  isFirst: boolean;
  onDone: (message: string) => void;
  onCancel: () => void;
};

export function RelayForm({ relay, isFirst, onDone, onCancel }: RelayFormProps) {
  const isEdit = relay !== undefined;
  const createRelay = useCreateRelay();
  const updateRelay = useUpdateRelay();
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver: isEdit ? resolvers.edit : resolvers.create,
    defaultValues: {
      name: relay?.name ?? "",
      smtp_host: relay?.smtp_host ?? "",
      smtp_port: relay?.smtp_port ?? usualPorts.starttls,
      encryption: relay?.encryption ?? "starttls",
      smtp_username: relay?.smtp_username ?? undefined,
      smtp_password: undefined,
      status: relay?.status ?? "active",
      is_default: relay?.is_default ?? isFirst,
    } satisfies RelayInput,
    fields,
    submit: async (values: RelayInput) => {
      if (!relay) {
        await createRelay.mutateAsync(values);
        return `Added “${values.name}”. Test the connection to check the settings.`;
      }
      const removeCredentials = values.smtp_username === undefined && relay.smtp_username !== null;
      await updateRelay.mutateAsync({
        id: relay.id,
        body: {
          name: values.name,
          smtp_host: values.smtp_host,
          smtp_port: values.smtp_port,
          encryption: values.encryption,
          status: values.status,
          is_default: values.is_default,
          ...(removeCredentials
            ? { smtp_username: null, smtp_password: null }
            : { smtp_username: values.smtp_username, smtp_password: values.smtp_password }),
        },
      });
      return `Saved “${values.name}”.`;
    },
    onSuccess: (message) => onDone(message),
  });
  const encryption = form.watch("encryption") ?? "starttls";

  const passwordHint = isEdit
    ? relay.hasPassword
      ? "Leave blank to keep the saved password. It is never shown again."
      : "Needed when a username is set."
    : "Stored encrypted and never shown again.";
  const usernameHint =
    isEdit && relay.smtp_username ? "Clear it to stop signing in to this server." : "Leave blank if the server needs no sign-in.";

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <FormField ids={ids.name} label="Name" error={errors.name?.message}>
        <input
          {...form.register("name")}
          {...describedBy(ids.name, { error: errors.name?.message })}
          type="text"
          autoComplete="off"
          className={inputClass}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
        <FormField
          ids={ids.smtp_host}
          label="Host"
          hint="Host name or IP address, without smtp:// or a port."
          error={errors.smtp_host?.message}
        >
          <input
            {...form.register("smtp_host")}
            {...describedBy(ids.smtp_host, { hint: true, error: errors.smtp_host?.message })}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            placeholder="smtp.example.com"
            className={inputClass}
          />
        </FormField>
        <FormField ids={ids.smtp_port} label="Port" error={errors.smtp_port?.message}>
          <input
            {...form.register("smtp_port", { valueAsNumber: true })}
            {...describedBy(ids.smtp_port, { error: errors.smtp_port?.message })}
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            className={inputClass}
          />
        </FormField>
      </div>
      <FormField ids={ids.encryption} label="Encryption" hint={encryptionHints[encryption]} error={errors.encryption?.message}>
        <select
          {...form.register("encryption", {
            onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
              // Moving between modes moves the usual port along, unless a custom port was typed.
              const next = event.target.value as RelayEncryption;
              const port = form.getValues("smtp_port");
              if (Object.values(usualPorts).includes(port)) form.setValue("smtp_port", usualPorts[next]);
            },
          })}
          {...describedBy(ids.encryption, { hint: true, error: errors.encryption?.message })}
          className={inputClass}
        >
          {relayEncryptions.map((mode) => (
            <option key={mode} value={mode}>
              {encryptionLabels[mode]}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField ids={ids.smtp_username} label="Username" optional hint={usernameHint} error={errors.smtp_username?.message}>
          <input
            {...form.register("smtp_username", { setValueAs: blankAsUndefined })}
            {...describedBy(ids.smtp_username, { hint: true, error: errors.smtp_username?.message })}
            type="text"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            className={inputClass}
          />
        </FormField>
        <FormField ids={ids.smtp_password} label="Password" optional hint={passwordHint} error={errors.smtp_password?.message}>
          <PasswordInput
            {...form.register("smtp_password", { setValueAs: (value: unknown) => (value === "" ? undefined : value) })}
            {...describedBy(ids.smtp_password, { hint: true, error: errors.smtp_password?.message })}
            autoComplete="new-password"
            placeholder={isEdit && relay.hasPassword ? "••••••••" : undefined}
          />
        </FormField>
      </div>
      <FormField ids={ids.status} label="Status" hint="Inactive relays are kept but never used for sending." error={errors.status?.message}>
        <select
          {...form.register("status")}
          {...describedBy(ids.status, { hint: true, error: errors.status?.message })}
          className={inputClass}
        >
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </FormField>
      <label className="flex items-start gap-3 text-sm">
        <input
          {...form.register("is_default")}
          type="checkbox"
          className="mt-0.5 size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-500 dark:border-zinc-600"
        />
        <span>
          <span className="font-medium text-zinc-800 dark:text-zinc-200">Default relay</span>
          <span className="block text-zinc-500 dark:text-zinc-400">
            Messages go through the default relay. Only one relay can be the default.
          </span>
        </span>
      </label>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {isEdit ? (isSubmitting ? "Saving…" : "Save relay") : isSubmitting ? "Adding…" : "Add relay"}
        </Button>
      </DialogActions>
    </form>
  );
}
