"use client";
// POST /sending/domains on the API's own schema; the API's reasons (an IP
// address, a name already added…) appear beside the field.
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { PortalApiError } from "@/features/api/portal-fetch";
import { applyApiFailure } from "@/features/forms/form-outcome";
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
  const form = useForm<Input, unknown, Values>({ resolver, defaultValues: { name: "" } });
  const { errors, isSubmitting } = form.formState;
  const addDomain = useAddDomain();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const domain = await addDomain.mutateAsync(values.name);
      form.reset({ name: "" });
      onAdded(domain);
    } catch (error) {
      // A conflict is about the name: say it beside the field.
      if (error instanceof PortalApiError && (error.code === "domain_exists" || error.code === "domain_taken")) {
        form.setError("name", { type: "server", message: error.message }, { shouldFocus: true });
        return;
      }
      setFailure(applyApiFailure(error, ["name"], form.setError));
    }
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
