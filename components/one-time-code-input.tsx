"use client";

import { inputClass } from "./form-field";

type OneTimeCodeInputProps = Omit<React.ComponentProps<"input">, "type" | "inputMode" | "autoComplete">;

/**
 * A 6-digit emailed code: the numeric keypad on phones, the browser's
 * "code from email/SMS" suggestion (autocomplete="one-time-code"), and pasted
 * codes cleaned up ("123 456" and "123-456" become "123456").
 */
export function OneTimeCodeInput({ className = "", onChange, ...props }: OneTimeCodeInputProps) {
  return (
    <input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, "").slice(0, 6);
        if (digits !== event.target.value) event.target.value = digits;
        onChange?.(event);
      }}
      className={`${inputClass} text-center font-mono text-lg tracking-[0.3em] tabular-nums ${className}`}
    />
  );
}
