"use client";
// POST /mailboxes: the part before the @, one of the account's proven domains,
// a password (the account password rules), an optional name and quota.
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { PasswordInput } from "@/components/password-input";
import { emptyAsUndefined } from "@/features/forms/empty-as-undefined";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { addressProblemOf } from "./address-problem";
import type { mailboxFormSchema } from "./mailbox-form-schema";
import { useCreateMailbox } from "./use-mailboxes";

type Input = z.input<typeof mailboxFormSchema>;
type Values = z.output<typeof mailboxFormSchema>;
const resolver = lazyZodResolver<Input, Values>(() => import("./mailbox-form-schema").then((schemas) => schemas.mailboxFormSchema));

const ids = {
  localPart: fieldIds("mailbox-local-part"),
  domain: fieldIds("mailbox-domain"),
  password: fieldIds("mailbox-password"),
  name: fieldIds("mailbox-name"),
  quotaMb: fieldIds("mailbox-quota"),
};
const QUOTA_HINT = "Leave empty for your plan's default.";
const PASSWORD_HINT = "At least 12 characters. Mail clients log in with the full address and this password.";

const asQuota = (value: unknown) => (value === "" || value === undefined ? undefined : Number(value));

export function CreateMailboxForm({ domains, onCreated }: { domains: string[]; onCreated: (mailbox: Mailbox) => void }) {
  const createMailbox = useCreateMailbox();
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { localPart: "", domain: domains[0] ?? "", password: "", name: "" },
    fields: ["localPart", "domain", "password", "name", "quotaMb"],
    submit: (values: Values) =>
      createMailbox.mutateAsync({
        address: `${values.localPart}@${values.domain}`,
        password: values.password,
        name: values.name || undefined,
        quotaMb: values.quotaMb,
      }),
    onSuccess: (mailbox, form) => {
      form.reset({ localPart: "", domain: form.getValues("domain"), password: "", name: "" });
      onCreated(mailbox);
    },
    // The API speaks of the whole address; here its problems belong beside the part typed.
    onError: (error, form) => {
      const problem = addressProblemOf(error);
      if (problem) form.setError("localPart", { type: "server", message: problem }, { shouldFocus: true });
      return problem !== undefined;
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create a mailbox" className="space-y-5">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField ids={ids.localPart} label="Address" error={errors.localPart?.message}>
          <input
            {...form.register("localPart")}
            {...describedBy(ids.localPart, { error: errors.localPart?.message })}
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="ada"
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
        <FormField ids={ids.password} label="Password" hint={PASSWORD_HINT} error={errors.password?.message}>
          <PasswordInput
            {...form.register("password")}
            {...describedBy(ids.password, { hint: PASSWORD_HINT, error: errors.password?.message })}
            autoComplete="new-password"
          />
        </FormField>
        <FormField ids={ids.name} label="Name" optional error={errors.name?.message}>
          <input
            {...form.register("name", { setValueAs: emptyAsUndefined })}
            {...describedBy(ids.name, { error: errors.name?.message })}
            type="text"
            placeholder="Ada Lovelace"
            className={inputClass}
          />
        </FormField>
        <FormField ids={ids.quotaMb} label="Storage quota (MB)" optional hint={QUOTA_HINT} error={errors.quotaMb?.message}>
          <input
            {...form.register("quotaMb", { setValueAs: asQuota })}
            {...describedBy(ids.quotaMb, { hint: QUOTA_HINT, error: errors.quotaMb?.message })}
            type="number"
            inputMode="numeric"
            min={1}
            className={inputClass}
          />
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" pending={isSubmitting}>
          {isSubmitting ? "Creating…" : "Create mailbox"}
        </Button>
      </div>
    </form>
  );
}
