"use client";
// The one way portal forms talk to the API: validate on submit with the API's
// own schema, call the API, put its field errors (errors[].path) beside the
// fields and anything else in the form's alert, and keep a short "saved"
// confirmation until the form is edited again.
import { useEffect, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm, type UseFormReturn } from "react-hook-form";
import { applyApiFailure } from "./form-outcome";

type ApiFormOptions<Input extends FieldValues, Output extends FieldValues, Result> = {
  resolver: Resolver<Input, unknown, Output>;
  defaultValues: DefaultValues<Input>;
  /** The API's call. Throwing a PortalApiError (or anything) shows the failure. */
  submit: (values: Output) => Promise<Result>;
  /** After a success; a string it returns is the confirmation to show. */
  onSuccess?: (result: Result, form: UseFormReturn<Input, unknown, Output>) => unknown;
  /** Fields the API's errors may name (or a function of the values, for lists); the default values' keys when absent. */
  fields?: readonly Path<Input>[] | ((values: Input) => readonly Path<Input>[]);
  /** A failure this form places itself (return true); any other goes to the fields and the alert. */
  onError?: (error: unknown, form: UseFormReturn<Input, unknown, Output>) => boolean;
};

export function useApiForm<Input extends FieldValues, Output extends FieldValues, Result>({
  resolver,
  defaultValues,
  submit,
  onSuccess,
  fields,
  onError,
}: ApiFormOptions<Input, Output, Result>) {
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues });
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { isDirty } = form.formState;

  // Typing again makes the last confirmation stale.
  useEffect(() => {
    if (isDirty) setSaved(null);
  }, [isDirty]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSaved(null);
    let result: Result;
    try {
      result = await submit(values);
    } catch (error) {
      if (onError?.(error, form)) return;
      const named = typeof fields === "function" ? fields(form.getValues()) : (fields ?? (Object.keys(defaultValues) as Path<Input>[]));
      setFailure(applyApiFailure(error, named, form.setError));
      return;
    }
    const confirmation = onSuccess?.(result, form);
    setSaved(typeof confirmation === "string" ? confirmation : null);
  });

  return { form, errors: form.formState.errors, isSubmitting: form.formState.isSubmitting, onSubmit, failure, setFailure, saved };
}
