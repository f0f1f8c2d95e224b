"use client";

import { inputClass } from "./form-field";

type AuthenticationCodeInputProps = Omit<
  React.ComponentProps<"input">,
  "type" | "inputMode" | "autoComplete" | "autoCapitalize" | "spellCheck"
>;

/**
 * A code from the authenticator app or one of the recovery codes ("xxxxx-xxxxx"),
 * so the full keyboard rather than OneTimeCodeInput's digits only, no capital
 * letter or spelling fix on phones, and the browser's one-time-code suggestion.
 */
export function AuthenticationCodeInput({ className = "", ...props }: AuthenticationCodeInputProps) {
  return (
    <input
      {...props}
      type="text"
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      className={`${inputClass} font-mono ${className}`}
    />
  );
}
