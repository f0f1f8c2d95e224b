"use client";

import { useState } from "react";
import { inputClass } from "./form-field";

type PasswordInputProps = Omit<React.ComponentProps<"input">, "type"> & {
  autoComplete: "current-password" | "new-password";
};

/** A password input with a show/hide toggle; the autocomplete hint stays whatever is visible. */
export function PasswordInput({ className = "", id, ...props }: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...props}
        id={id}
        type={isVisible ? "text" : "password"}
        spellCheck={false}
        autoCapitalize="none"
        className={`${inputClass} pr-16 ${className}`}
      />
      <button
        type="button"
        onClick={() => setIsVisible((visible) => !visible)}
        aria-controls={id}
        aria-pressed={isVisible}
        aria-label="Show password"
        className="absolute inset-y-1 right-1 inline-flex items-center gap-1 rounded-md px-2 text-xs font-medium text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        {isVisible ? <EyeOffIcon /> : <EyeIcon />}
        <span aria-hidden="true">{isVisible ? "Hide" : "Show"}</span>
      </button>
    </div>
  );
}

const iconProps = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  className: "size-3.5",
  "aria-hidden": true,
} as const;

function EyeIcon() {
  return (
    <svg {...iconProps}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg {...iconProps}>
      <path d="M9.9 4.24A9.1 9.1 0 0 1 12 4c6.5 0 10 8 10 8a17.6 17.6 0 0 1-2.16 3.19M6.6 6.6C3.9 8.4 2 12 2 12s3.5 8 10 8a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M14.12 14.12a3 3 0 1 1-4.24-4.24M2 2l20 20" />
    </svg>
  );
}
