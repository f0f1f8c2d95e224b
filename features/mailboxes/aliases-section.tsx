"use client";
// Aliases and catch-alls: more addresses delivering into the account's
// mailboxes. `*@domain` (the catch-all box) takes every address of the domain
// that no mailbox or alias has.
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { LoadError } from "@/components/load-error";
import { PortalApiError } from "@/features/api/portal-fetch";
import type { MailboxAlias } from "@/shared/schemas/mailbox-aliases";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { useAliases, useCreateAlias, useDeleteAlias } from "./use-mailboxes";

type Values = { localPart: string; catchAll: boolean; domain: string; destinations: string[] };

const ids = { localPart: fieldIds("alias-local-part"), domain: fieldIds("alias-domain"), destinations: fieldIds("alias-destinations") };

export function AliasesSection({ domains, mailboxes }: { domains: string[]; mailboxes: Mailbox[] }) {
  const aliases = useAliases();
  return (
    <section
      aria-labelledby="mail-aliases"
      className="rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <div className="border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
        <h2 id="mail-aliases" className="text-base font-semibold text-zinc-900 dark:text-white">
          Aliases and catch-all
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Mail to an alias goes to the mailboxes you choose. A catch-all takes mail for every address of its domain that has no mailbox or
          alias.
        </p>
      </div>
      {aliases.isPending ? (
        <p role="status" className="px-5 py-6 text-sm text-zinc-500 dark:text-zinc-400">
          Loading aliases…
        </p>
      ) : aliases.isError ? (
        <div className="p-5">
          <LoadError what="your aliases" query={aliases} />
        </div>
      ) : aliases.data.length === 0 ? (
        <p className="px-5 py-4 text-sm text-zinc-600 dark:text-zinc-400">No aliases yet.</p>
      ) : (
        <ul aria-label="Aliases" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {aliases.data.map((alias) => (
            <AliasRow key={alias.id} alias={alias} />
          ))}
        </ul>
      )}
      <div className="border-t border-zinc-200 px-5 py-4 dark:border-zinc-800">
        {mailboxes.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Create a mailbox first: aliases deliver into mailboxes.</p>
        ) : (
          <CreateAliasForm domains={domains} mailboxes={mailboxes} />
        )}
      </div>
    </section>
  );
}

function CreateAliasForm({ domains, mailboxes }: { domains: string[]; mailboxes: Mailbox[] }) {
  const form = useForm<Values>({
    defaultValues: {
      localPart: "",
      catchAll: false,
      domain: domains[0] ?? "",
      destinations: mailboxes.slice(0, 1).map((box) => box.address),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const catchAll = form.watch("catchAll");
  const create = useCreateAlias();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (!values.catchAll && values.localPart.trim() === "") {
      form.setError("localPart", { message: "Enter the part before the @, like sales" }, { shouldFocus: true });
      return;
    }
    if (values.destinations.length === 0) {
      form.setError("destinations", { message: "Choose at least one mailbox" });
      return;
    }
    try {
      const address = `${values.catchAll ? "*" : values.localPart.trim().toLowerCase()}@${values.domain}`;
      await create.mutateAsync({ address, destinations: values.destinations });
      form.reset({ ...values, localPart: "", catchAll: false });
    } catch (error) {
      const apiError = error instanceof PortalApiError ? error : null;
      const addressProblem =
        apiError?.code === "address_taken" ? apiError.message : apiError?.errors.find((entry) => entry.path === "address")?.message;
      if (addressProblem && !values.catchAll)
        form.setError("localPart", { type: "server", message: addressProblem }, { shouldFocus: true });
      else
        setFailure(
          apiError ? [apiError.message, ...apiError.errors.map((entry) => entry.message)].join(" ") : "We could not create the alias.",
        );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create an alias" className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField ids={ids.localPart} label="Alias address" error={errors.localPart?.message}>
          <input
            {...form.register("localPart")}
            {...describedBy(ids.localPart, { error: errors.localPart?.message })}
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={catchAll ? "every other address" : "sales"}
            disabled={catchAll}
            className={inputClass}
          />
        </FormField>
        <FormField ids={ids.domain} label="Domain">
          <select {...form.register("domain")} {...describedBy(ids.domain, {})} className={inputClass}>
            {domains.map((domain) => (
              <option key={domain} value={domain}>
                @{domain}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
        <input
          type="checkbox"
          {...form.register("catchAll")}
          className="size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-500 dark:border-zinc-600"
        />
        Catch-all: every address of the domain without a mailbox or alias
      </label>
      <Controller
        control={form.control}
        name="destinations"
        render={({ field }) => (
          <fieldset aria-describedby={errors.destinations ? ids.destinations.error : undefined}>
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Deliver to</legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {mailboxes.map((mailbox) => (
                <label key={mailbox.id} className="flex min-w-0 items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
                  <input
                    type="checkbox"
                    checked={field.value.includes(mailbox.address)}
                    onChange={(event) =>
                      field.onChange(
                        event.target.checked
                          ? [...field.value, mailbox.address]
                          : field.value.filter((address) => address !== mailbox.address),
                      )
                    }
                    className="size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-500 dark:border-zinc-600"
                  />
                  <span className="font-mono break-all">{mailbox.address}</span>
                </label>
              ))}
            </div>
            {errors.destinations ? (
              <p id={ids.destinations.error} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                {errors.destinations.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <div className="flex justify-end">
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? "Creating…" : catchAll ? "Create catch-all" : "Create alias"}
        </Button>
      </div>
    </form>
  );
}

function AliasRow({ alias }: { alias: MailboxAlias }) {
  const remove = useDeleteAlias();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-mono font-medium break-all text-zinc-900 dark:text-white">
          {alias.address}
          {alias.isCatchAll ? <span className="ml-2 font-sans text-xs font-normal text-zinc-500 dark:text-zinc-400">catch-all</span> : null}
        </p>
        <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">→ {alias.destinations.join(", ")}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete alias ${alias.address}`}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${alias.address}?`}
        confirmLabel="Delete alias"
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(alias.id, { onSuccess: () => setConfirming(false) })}
      >
        Mail to this address is no longer delivered to {alias.destinations.join(", ")}.
      </ConfirmDialog>
    </li>
  );
}
