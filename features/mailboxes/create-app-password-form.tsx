"use client";
// POST /mailboxes/{id}/app-passwords: a name and the protocols it may log in
// with (all by default). The secret comes back once, to the dialog above.
import { Controller } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { AppPassword, createAppPasswordBody } from "@/shared/schemas/mailbox-app-passwords";
import { mailProtocols } from "@/shared/mail-protocols";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { protocolLabel } from "./protocol-labels";
import { useCreateAppPassword } from "./use-mailboxes";

type Input = z.input<typeof createAppPasswordBody>;
type Values = z.output<typeof createAppPasswordBody>;
const resolver = lazyZodResolver<Input, Values>(() =>
  import("@/shared/schemas/mailbox-app-passwords").then((schemas) => schemas.createAppPasswordBody),
);

const checkboxClass = "size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-500 dark:border-zinc-600";

export function CreateAppPasswordForm({
  mailbox,
  onCreated,
}: {
  mailbox: Mailbox;
  onCreated: (created: AppPassword & { secret: string }) => void;
}) {
  const create = useCreateAppPassword(mailbox.id);
  const ids = { name: fieldIds(`${mailbox.id}-app-name`), protocols: fieldIds(`${mailbox.id}-app-protocols`) };
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { name: "Mail app", protocols: [...mailProtocols] },
    submit: (values: Values) => create.mutateAsync(values),
    onSuccess: (created, form) => {
      form.reset();
      onCreated(created);
    },
  });
  const protocolsError = errors.protocols?.message ?? errors.protocols?.root?.message;

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
            <fieldset aria-describedby={protocolsError ? ids.protocols.error : undefined} className="flex gap-3 pb-2">
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
                    className={checkboxClass}
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
      {protocolsError ? (
        <p id={ids.protocols.error} className="text-sm text-red-600 dark:text-red-400">
          {protocolsError}
        </p>
      ) : null}
    </form>
  );
}
