// A labelled form control with an optional hint and error, wired up for
// assistive technology: the control points at both with aria-describedby.

export const inputClass =
  "block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-400 transition-colors focus:border-indigo-500 focus:outline-none focus:ring-3 focus:ring-indigo-500/20 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:focus:border-indigo-400 dark:aria-invalid:border-red-400";

export type FieldIds = { control: string; hint: string; error: string };

export const fieldIds = (name: string): FieldIds => ({
  control: `field-${name}`,
  hint: `field-${name}-hint`,
  error: `field-${name}-error`,
});

/** Props to spread on the control inside a FormField. */
export function describedBy(ids: FieldIds, options: { hint?: React.ReactNode; error?: string }) {
  const described = [options.error ? ids.error : null, options.hint ? ids.hint : null].filter(Boolean).join(" ");
  return {
    id: ids.control,
    "aria-invalid": options.error ? true : undefined,
    "aria-describedby": described || undefined,
  } as const;
}

type FormFieldProps = {
  ids: FieldIds;
  label: string;
  /** Shown beside the label ("Optional"). */
  optional?: boolean;
  /** Something placed at the right of the label row (e.g. a link). */
  aside?: React.ReactNode;
  hint?: React.ReactNode;
  error?: string;
  children: React.ReactNode;
};

export function FormField({ ids, label, optional = false, aside, hint, error, children }: FormFieldProps) {
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={ids.control} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
          {optional ? (
            <>
              {" "}
              <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
            </>
          ) : null}
        </label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={ids.error} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-600 dark:text-red-400">
          <svg viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={ids.hint} className="mt-1.5 text-sm text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
