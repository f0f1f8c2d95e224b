import type { UseFormRegisterReturn } from "react-hook-form";
import { describedBy, type FieldIds, FormField, inputClass } from "@/components/form-field";

/** The email field every sign-in and recovery form starts with. */
export function EmailField({ ids, error, registration }: { ids: FieldIds; error?: string; registration: UseFormRegisterReturn }) {
  return (
    <FormField ids={ids} label="Email" error={error}>
      <input
        {...registration}
        {...describedBy(ids, { error })}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@company.com"
        className={inputClass}
      />
    </FormField>
  );
}
