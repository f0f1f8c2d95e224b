type FeatureCardProps = {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
};

/** One product capability: icon, title, a sentence or two. */
export function FeatureCard({ title, icon, children }: FeatureCardProps) {
  return (
    <div className="rounded-xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900/60">
      <div
        className="mb-4 inline-flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400"
        aria-hidden="true"
      >
        {icon}
      </div>
      <h3 className="text-base font-semibold text-zinc-900 dark:text-white">{title}</h3>
      <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{children}</p>
    </div>
  );
}
