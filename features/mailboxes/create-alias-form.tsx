"use client";
// POST /mailboxes/aliases: an address on one of the account's domains (or the
// domain's catch-all) and the mailboxes it delivers to.
import { Controller } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { addressProblemOf } from "./address-problem";
import type { aliasFormSchema } from "./alias-form-schema";
import { useCreateAlias } from "./use-mailboxes";

type Input = z.input<typeof aliasFormSchema>;
type Values = z.output<typeof aliasFormSchema>;
const resolver = lazyZodResolver<Input, Values>(() => import("./alias-form-schema").then((schemas) => schemas.aliasFormSchema));

const ids = { localPart: fieldIds("alias-local-part"), domain: fieldIds("alias-domain"), destinations: fieldIds("alias-destinations") };
const checkboxClass = "size-4 rounded border-zinc-300 text-indigo-600 focus:ring-indigo-500 dark:border-zinc-600";

export function CreateAliasForm({ domains, mailboxes }: { domains: string[]; mailboxes: Mailbox[] }) {
  const create = useCreateAlias();
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: {
      localPart: "",
      catchAll: false,
      domain: domains[0] ?? "",
      destinations: mailboxes.slice(0, 1).map((box) => box.address),
    },
    fields: ["localPart", "domain", "destinations"],
    submit: (values: Values) => create.mutateAsync(values),
    onSuccess: (_alias, form) => form.reset({ ...form.getValues(), localPart: "", catchAll: false }),
    // The API speaks of the whole address; here its problems belong beside the part typed (the catch-all has none typed).
    onError: (error, form) => {
      const problem = form.getValues("catchAll") ? undefined : addressProblemOf(error);
      if (problem) form.setError("localPart", { type: "server", message: problem }, { shouldFocus: true });
      return problem !== undefined;
    },
  });
  const catchAll = form.watch("catchAll");
  const destinationsError = errors.destinations?.message ?? errors.destinations?.root?.message;

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
        <FormField ids={ids.domain} label="Domain" error={errors.domain?.message}>
          <select {...form.register("domain")} {...describedBy(ids.domain, { error: errors.domain?.message })} className={inputClass}>
            {domains.map((domain) => (
              <option key={domain} value={domain}>
                @{domain}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
        <input type="checkbox" {...form.register("catchAll")} className={checkboxClass} />
        Catch-all: every address of the domain without a mailbox or alias
      </label>
      <Controller
        control={form.control}
        name="destinations"
        render={({ field }) => (
          <fieldset aria-describedby={destinationsError ? ids.destinations.error : undefined}>
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
                    className={checkboxClass}
                  />
                  <span className="font-mono break-all">{mailbox.address}</span>
                </label>
              ))}
            </div>
            {destinationsError ? (
              <p id={ids.destinations.error} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                {destinationsError}
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
