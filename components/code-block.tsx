type CodeBlockProps = {
  /** Shown in the title bar and used as the accessible name of the scrollable code. */
  title: string;
  children: React.ReactNode;
};

/** A dark, terminal-like code panel (dark in both themes, like most API docs). */
export function CodeBlock({ title, children }: CodeBlockProps) {
  return (
    <figure className="overflow-hidden rounded-xl border border-zinc-800 bg-zinc-950 shadow-lg shadow-zinc-900/10 dark:shadow-black/30">
      <figcaption className="flex items-center gap-3 border-b border-white/10 px-4 py-2.5 text-xs font-medium text-zinc-400">
        <span className="flex gap-1.5" aria-hidden="true">
          <span className="size-2.5 rounded-full bg-zinc-700" />
          <span className="size-2.5 rounded-full bg-zinc-700" />
          <span className="size-2.5 rounded-full bg-zinc-700" />
        </span>
        {title}
      </figcaption>
      {/* Focusable so keyboard users can scroll long lines. */}
      <pre
        tabIndex={0}
        aria-label={title}
        className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed text-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-400"
      >
        <code>{children}</code>
      </pre>
    </figure>
  );
}
