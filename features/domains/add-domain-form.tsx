"use client";
// POST /sending/domains on the API's own schema; the API's reasons (an IP
// address, a name already added…) appear beside the field.
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { PortalApiError } from "@/features/api/portal-fetch";
import { useApiForm } from "@/features/forms/use-api-form";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import type { createDomainBody, SendingDomain } from "@/shared/schemas/sending-domain";
import { useAddDomain } from "./use-domains";

type Input = z.input<typeof createDomainBody>;
type Values = z.output<typeof createDomainBody>;
const resolver = lazyZodResolver<Input, Values>(() =>
  import("@/shared/schemas/sending-domain").then((schemas) => schemas.createDomainBody),
);

const ids = fieldIds("domain-name");
const HINT = "The domain your emails come from, like example.com or mail.example.com.";

export function AddDomainForm({ onAdded }: { onAdded: (domain: SendingDomain) => void }) {
  const addDomain = useAddDomain();
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { name: "" },
    submit: (values: Values) => addDomain.mutateAsync(values.name),
    onSuccess: (domain, form) => {
      form.reset({ name: "" });
      onAdded(domain);
    },
    // A conflict is about the name: say it beside the field.
    onError: (error, form) => {
      if (!(error instanceof PortalApiError && (error.code === "domain_exists" || error.code === "domain_taken"))) return false;
      form.setError("name", { type: "server", message: error.message }, { shouldFocus: true });
      return true;
    },
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add a domain"
      className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      {failure ? <Alert className="mb-4">{failure}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <FormField ids={ids} label="Domain" hint={HINT} error={errors.name?.message}>
            <input
              {...form.register("name")}
              {...describedBy(ids, { hint: HINT, error: errors.name?.message })}
              type="text"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="example.com"
              className={inputClass}
            />
          </FormField>
        </div>
        <Button type="submit" className="shrink-0 sm:mt-7" pending={isSubmitting}>
          {isSubmitting ? "Adding…" : "Add domain"}
        </Button>
      </div>
    </form>
  );
}
