import { useId } from "react";

type SettingsSectionProps = {
  title: string;
  description: React.ReactNode;
  /** "danger": a red frame for actions that cannot be taken back lightly. */
  tone?: "default" | "danger";
  children: React.ReactNode;
};

/** A settings group: heading and explanation at the left (above on narrow screens), its card at the right. */
export function SettingsSection({ title, description, tone = "default", children }: SettingsSectionProps) {
  const headingId = useId();
  const frame = tone === "danger" ? "border-red-200 dark:border-red-500/30" : "border-zinc-200 dark:border-zinc-800";
  return (
    <section aria-labelledby={headingId} className="grid gap-4 md:grid-cols-[16rem_1fr] md:gap-10">
      <div>
        <h2
          id={headingId}
          className={`text-base font-semibold ${tone === "danger" ? "text-red-700 dark:text-red-400" : "text-zinc-900 dark:text-white"}`}
        >
          {title}
        </h2>
        <p className="mt-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      <div className={`overflow-hidden rounded-xl border bg-white shadow-xs dark:bg-zinc-900/60 ${frame}`}>{children}</div>
    </section>
  );
}

/** The fields of a settings card. */
export function SettingsCardBody({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <div className={`space-y-5 px-5 py-5 ${className}`}>{children}</div>;
}

/** The card's action row: a status at the left, the button(s) at the right (wrapping below a long status on phones). */
export function SettingsCardFooter({ children, status }: { children: React.ReactNode; status?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-zinc-200 bg-zinc-50/80 px-5 py-3 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="min-w-0 flex-1 basis-40 text-sm text-zinc-600 dark:text-zinc-400">{status}</div>
      <div className="ml-auto flex shrink-0 gap-2">{children}</div>
    </div>
  );
}
