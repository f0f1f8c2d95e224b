// One look for buttons and links styled as buttons, so the two never drift.
// White text keeps 4.5:1 contrast on every background here (red-500 would not).

export const buttonVariants = {
  primary:
    "bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 disabled:hover:bg-indigo-600 dark:bg-indigo-500 dark:text-white dark:hover:bg-indigo-400 dark:disabled:hover:bg-indigo-500",
  secondary:
    "border border-zinc-300 bg-white text-zinc-900 shadow-xs hover:bg-zinc-50 disabled:hover:bg-white dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800 dark:disabled:hover:bg-zinc-900",
  danger:
    "bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:hover:bg-red-600 dark:bg-red-600 dark:hover:bg-red-700 dark:disabled:hover:bg-red-600",
  ghost: "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100",
} as const;

export type ButtonVariant = keyof typeof buttonVariants;

const sizes = {
  md: "px-4 py-2.5 text-sm",
  sm: "px-3 py-1.5 text-sm",
} as const;

export type ButtonSize = keyof typeof sizes;

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return `inline-flex items-center whitespace-nowrap justify-center gap-2 rounded-lg font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white disabled:cursor-not-allowed disabled:opacity-60 dark:focus-visible:ring-offset-zinc-950 ${sizes[size]} ${buttonVariants[variant]}`;
}
