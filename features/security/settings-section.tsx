// The layout of the security page: a section (heading and description at the
// left, a card of rows at the right) and its rows (title, description, a
// control or status, and messages or a panel below).
import { useId } from "react";

export function SettingsSection({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 md:grid-cols-[16rem_1fr] md:gap-10">
      <div>
        <h2 id={headingId} className="text-base font-semibold text-zinc-900 dark:text-white">
          {title}
        </h2>
        <p className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      <div className="divide-y divide-zinc-200 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60">
        {children}
      </div>
    </section>
  );
}

export type SettingRowProps = {
  title: string;
  description: string;
  titleId?: string;
  descriptionId?: string;
  /** The control (or status) at the right. */
  children: React.ReactNode;
  /** Keep the control at the right on narrow screens too (a switch is small; a button goes below the text). */
  controlBeside?: boolean;
  /** Messages about the last change, under the row. */
  below?: React.ReactNode;
};

export function SettingRow({ title, description, titleId, descriptionId, children, controlBeside = false, below }: SettingRowProps) {
  return (
    <div className="px-5 py-4">
      <div
        className={`flex items-start justify-between ${controlBeside ? "flex-row gap-4 sm:gap-8" : "flex-col gap-3 sm:flex-row sm:gap-8"}`}
      >
        <div className="min-w-0 max-w-xl">
          <h3 id={titleId} className="text-sm font-medium text-zinc-900 dark:text-white">
            {title}
          </h3>
          <p id={descriptionId} className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            {description}
          </p>
        </div>
        <div className="shrink-0 sm:pt-0.5">{children}</div>
      </div>
      {below ? <div className="mt-4">{below}</div> : null}
    </div>
  );
}
