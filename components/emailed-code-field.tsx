"use client";
// The field for a 6-digit code we emailed (confirming an address): a compact
// labelled input the page's own form submits.
import { useId } from "react";
import { describedBy, inputClass } from "./form-field";

export function EmailedCodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const id = useId();
  const ids = { control: `${id}-code`, hint: `${id}-hint`, error: `${id}-error` };
  return (
    <div>
      <label htmlFor={ids.control} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        Code from the email
      </label>
      <input
        {...describedBy(ids, {})}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className={`${inputClass} mt-1 w-32 font-mono tracking-widest`}
      />
    </div>
  );
}
