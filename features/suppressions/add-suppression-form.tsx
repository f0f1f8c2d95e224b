"use client";
// Adds an address to the suppression list by hand (reason manual).
import { useForm } from "react-hook-form";
import { useState } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { applyApiFailure } from "@/features/settings/form-outcome";
import type { addSuppressionBody } from "@/shared/schemas/suppressions";
import { useAddSuppression } from "./use-suppressions";

type AddInput = z.input<typeof addSuppressionBody>;
type AddValues = z.output<typeof addSuppressionBody>;
const resolver = lazyZodResolver<AddInput, AddValues>(() =>
  import("@/shared/schemas/suppressions").then((schemas) => schemas.addSuppressionBody),
);
const ids = { email: fieldIds("suppression-email") };

export function AddSuppressionForm({ onAdded }: { onAdded: (email: string) => void }) {
  const form = useForm<AddInput, unknown, AddValues>({ resolver, defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;
  const add = useAddSuppression();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const entry = await add.mutateAsync(values.email);
      form.reset({ email: "" });
      onAdded(entry.email);
    } catch (error) {
      setFailure(applyApiFailure(error, ["email"], form.setError));
    }
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
