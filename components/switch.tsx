"use client";

type SwitchProps = Omit<React.ComponentProps<"button">, "role" | "onChange" | "type" | "children"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The change is being saved: shown as busy and not pressable. */
  pending?: boolean;
};

/**
 * An on/off setting that applies at once (WAI-ARIA switch pattern): a button
 * with role="switch" and aria-checked, named by aria-labelledby or aria-label.
 * Space and Enter toggle it, as with any button.
 */
export function Switch({ checked, onCheckedChange, pending = false, disabled, className = "", ...rest }: SwitchProps) {
  return (
    <button
      {...rest}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={pending || undefined}
      disabled={disabled || pending}
      onClick={() => onCheckedChange(!checked)}
      className={`group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-zinc-200 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white disabled:cursor-not-allowed disabled:opacity-60 aria-checked:bg-indigo-600 dark:bg-zinc-700 dark:focus-visible:ring-offset-zinc-950 dark:aria-checked:bg-indigo-500 ${className}`}
    >
      <span
        aria-hidden="true"
        className="pointer-events-none flex size-5 translate-x-0 items-center justify-center rounded-full bg-white shadow-sm ring-0 transition-transform group-aria-checked:translate-x-5"
      >
        {pending ? (
          <svg viewBox="0 0 24 24" fill="none" className="size-3 animate-spin text-zinc-400">
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
            <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        ) : null}
      </span>
    </button>
  );
}
