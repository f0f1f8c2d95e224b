"use client";
// Adds an address to the suppression list by hand (reason manual).
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { addSuppressionBody } from "@/shared/schemas/suppressions";
import { useAddSuppression } from "./use-suppressions";

type AddInput = z.input<typeof addSuppressionBody>;
type AddValues = z.output<typeof addSuppressionBody>;
const resolver = lazyZodResolver<AddInput, AddValues>(() =>
  import("@/shared/schemas/suppressions").then((schemas) => schemas.addSuppressionBody),
);
const ids = { email: fieldIds("suppression-email") };

export function AddSuppressionForm({ onAdded }: { onAdded: (email: string) => void }) {
  const add = useAddSuppression();
  const { form, errors, isSubmitting, onSubmit, failure } = useApiForm({
    resolver,
    defaultValues: { email: "" },
    submit: (values: AddValues) => add.mutateAsync(values.email),
    onSuccess: (entry, form) => {
      form.reset({ email: "" });
      onAdded(entry.email);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add an address" className="mt-4 space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <FormField ids={ids.email} label="Email address" error={errors.email?.message}>
          <input
            {...form.register("email")}
            {...describedBy(ids.email, { error: errors.email?.message })}
            type="email"
            autoComplete="off"
            placeholder="someone@example.com"
            className={inputClass}
          />
        </FormField>
        <Button type="submit" pending={isSubmitting} className="sm:mt-7">
          {isSubmitting ? "Adding…" : "Add address"}
        </Button>
      </div>
    </form>
  );
}
