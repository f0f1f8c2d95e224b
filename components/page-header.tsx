// The top of every portal page: its one h1, a sentence or two on what the
// page is for, and the page's main actions at the right (below on phones).

type PageHeaderProps = {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
};

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="max-w-2xl min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900 dark:text-white">{title}</h1>
        {description ? <div className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{description}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
