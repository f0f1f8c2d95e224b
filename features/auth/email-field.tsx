import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "@/components/text-field";

/** The email field every sign-in and recovery form starts with. */
export function EmailField({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  return (
    <TextField
      {...registration}
      label="Email"
      error={error}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@company.com"
    />
  );
}
