// A short status or category label beside a name ("Verified", "Full access").
// The tone repeats what the words say, for a quicker scan; never colour alone.

const tones = {
  neutral: {
    badge: "bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/20",
    dot: "bg-zinc-400 dark:bg-zinc-500",
  },
  success: {
    badge: "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/25",
    dot: "bg-emerald-500",
  },
  warning: {
    badge: "bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/25",
    dot: "bg-amber-500",
  },
  danger: {
    badge: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-500/25",
    dot: "bg-red-500",
  },
  info: {
    badge: "bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/25",
    dot: "bg-indigo-500",
  },
} as const;

export type BadgeTone = keyof typeof tones;

type BadgeProps = {
  tone?: BadgeTone;
  /** A small dot before the words, for a state that is live ("On", "This device"). */
  dot?: boolean;
  /** A paragraph for a badge that stands alone above a heading; a span inline. */
  as?: "span" | "p";
  className?: string;
  children: React.ReactNode;
};

export function Badge({ tone = "neutral", dot = false, as: Tag = "span", className = "", children }: BadgeProps) {
  return (
    <Tag
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone].badge} ${className}`}
    >
      {dot ? <span aria-hidden="true" className={`size-1.5 rounded-full ${tones[tone].dot}`} /> : null}
      {children}
    </Tag>
  );
}
