/** A field name, path or value inside running text. */
export function InlineCode({ children }: { children: React.ReactNode }) {
  return (
    <code className="rounded box-decoration-clone bg-zinc-200/70 px-1.5 py-0.5 font-mono text-[0.85em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
      {children}
    </code>
  );
}
