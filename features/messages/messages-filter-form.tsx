"use client";
// The messages list's filters and search box. Submitting puts them in the
// URL (message-filters.ts), so the list, the back button and links agree.
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/button-styles";
import { inputClass } from "@/components/form-field";
import { messageStatuses } from "@/shared/schemas/messages";
import { type MessageFilters, messagesHref } from "./message-filters";

const statusLabels: Record<(typeof messageStatuses)[number], string> = {
  scheduled: "Scheduled",
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  bounced: "Bounced",
  failed: "Failed",
  suppressed: "Suppressed",
  canceled: "Canceled",
};

/** "on 3 Dec 2026 (UTC)" for one UTC day, else the two times. */
function windowLabel(since: string | undefined, until: string | undefined): string {
  const day = (iso: string) =>
    new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const time = (iso: string) => `${day(iso)} ${new Date(iso).toISOString().slice(11, 16)}`;
  if (since && until && Date.parse(until) - Date.parse(since) === 86_400_000 && since.includes("T00:00:00"))
    return `on ${day(since)} (UTC)`;
  if (since && until && Date.parse(until) - Date.parse(since) === 3_600_000) return `from ${time(since)} to ${time(until).slice(-5)} (UTC)`;
  return [since ? `from ${time(since)}` : "", until ? `before ${time(until)}` : ""].filter(Boolean).join(" ") + " (UTC)";
}

export function MessagesFilterForm({ filters }: { filters: MessageFilters }) {
  const router = useRouter();
  const active = Object.values(filters).some(Boolean);
  const windowed = Boolean(filters.since || filters.until);
  return (
    <>
      {windowed ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300" data-testid="messages-window">
          <span>Created {windowLabel(filters.since, filters.until)}</span>
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={() => router.push(messagesHref({ ...filters, since: undefined, until: undefined }))}
          >
            Any time
          </button>
        </p>
      ) : null}
      <form
        role="search"
        aria-label="Filter messages"
        className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const value = (name: string) => (String(data.get(name) ?? "").trim() || undefined) as never;
          // The time window came from a chart's link and has no field: it stays until removed.
          const { since, until } = filters;
          router.push(messagesHref({ search: value("search"), status: value("status"), to: value("to"), tag: value("tag"), since, until }));
        }}
      >
        <label className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Search
          <input
            name="search"
            type="search"
            defaultValue={filters.search ?? ""}
            placeholder="Subject or recipient"
            maxLength={200}
            className={`${inputClass} mt-1.5`}
          />
        </label>
        <label className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Status
          <select name="status" defaultValue={filters.status ?? ""} className={`${inputClass} mt-1.5`}>
            <option value="">Any</option>
            {messageStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Recipient
          <input
            name="to"
            defaultValue={filters.to ?? ""}
            placeholder="ada@example.com"
            maxLength={320}
            className={`${inputClass} mt-1.5`}
          />
        </label>
        <label className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Tag
          <input
            name="tag"
            defaultValue={filters.tag ?? ""}
            placeholder="name or name:value"
            pattern="[A-Za-z0-9_\-]{1,64}(:[A-Za-z0-9_\-]{1,256})?"
            className={`${inputClass} mt-1.5`}
          />
        </label>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("primary", "md")}>
            Filter
          </button>
          {active ? (
            <button type="button" className={buttonClass("secondary", "md")} onClick={() => router.push("/messages")}>
              Clear
            </button>
          ) : null}
        </div>
      </form>
    </>
  );
}
