"use client";
// The "Always accept" and "Always refuse" text areas of a spam lists form, one
// sender per line: a mailbox's spam settings and a domain's lists share them.
import type { FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import { describedBy, fieldIds, FormField, inputClass } from "@/components/form-field";

const LIST_HINT = "One per line: an address (ann@example.org) or a whole domain (@example.org).";

type ListName = "allow" | "block";

export function SenderListFields({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  /** The form's `register` for the two fields. */
  register: (name: ListName) => UseFormRegisterReturn;
  errors: FieldErrors<Record<ListName, string>>;
}) {
  return (
    <>
      {(["allow", "block"] as const).map((name) => {
        const ids = fieldIds(`${idPrefix}-spam-${name}`);
        const error = errors[name]?.message;
        return (
          <FormField
            key={name}
            ids={ids}
            label={name === "allow" ? "Always accept" : "Always refuse"}
            optional
            hint={LIST_HINT}
            error={error}
          >
            <textarea {...register(name)} {...describedBy(ids, { hint: LIST_HINT, error })} rows={3} className={inputClass} />
          </FormField>
        );
      })}
    </>
  );
}
