import Link from "next/link";

const variants = {
  primary:
    "bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-400 dark:text-white",
  secondary:
    "border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
} as const;

type ButtonLinkProps = {
  href: string;
  variant?: keyof typeof variants;
  /** A document rather than a page (e.g. a JSON file): a plain link the client router leaves alone. */
  document?: boolean;
  children: React.ReactNode;
};

/** A link styled as a button. */
export function ButtonLink({ href, variant = "primary", document = false, children }: ButtonLinkProps) {
  const className = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-zinc-950 ${variants[variant]}`;
  if (document) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
