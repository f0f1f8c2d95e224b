"use client";
// /events: the account's event feed (docs/events.md) as the API serves it to
// integrators, newest first, followed live; filter by kind, open any event's JSON.
import { useId, useState } from "react";
import { Alert } from "@/components/alert";
import { inputClass } from "@/components/form-field";
import { PageHeader } from "@/components/page-header";
import { EventRow } from "./event-row";
import { TAIL_SIZE, useEventTail } from "./use-event-tail";

const kinds = {
  all: { label: "All events", types: undefined },
  delivery: {
    label: "Deliveries and bounces",
    types: "message.sent,message.delivered,message.delivery_delayed,message.bounced,message.expired,message.failed",
  },
  complaints: { label: "Complaints", types: "message.complained" },
  engagement: { label: "Opens and clicks", types: "message.opened,message.clicked" },
  suppressions: { label: "Suppression list", types: "suppression.added,suppression.removed" },
  subscriptions: { label: "Subscriptions", types: "subscription.changed" },
  domains: { label: "Domains", types: "domain.verified,domain.failed" },
  mailboxes: {
    label: "Mailboxes",
    types: "mailbox.received,mailbox.rejected,mailbox.vacation_sent,mailbox.forwarded,mailbox.unsubscribed",
  },
} as const;

type Kind = keyof typeof kinds;

export function EventsPanel() {
  const [kind, setKind] = useState<Kind>("all");
  const [live, setLive] = useState(true);
  const tail = useEventTail(kinds[kind].types, live);
  const kindId = useId();
  const liveId = useId();
  const listId = useId();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Events"
        description={`Everything that happens to your mail, as your integrations read it from GET /api/v1/events: the latest ${TAIL_SIZE}, newest first. Select an event to see its JSON.`}
      />
      <div className="rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
        <div className="flex flex-col gap-3 border-b border-zinc-200 px-4 py-4 sm:flex-row sm:items-end sm:justify-between sm:px-6 dark:border-zinc-800">
          <div className="sm:w-72">
            <label htmlFor={kindId} className="mb-1 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
              Show
            </label>
            <select id={kindId} value={kind} onChange={(event) => setKind(event.target.value as Kind)} className={inputClass}>
              {Object.entries(kinds).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
            <input id={liveId} type="checkbox" checked={live} onChange={(event) => setLive(event.target.checked)} className="size-4" />
            <label htmlFor={liveId}>Follow live</label>
            <span role="status" className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">
              {tail.status === "loading" ? "Loading…" : tail.status === "live" ? "Live" : tail.status === "paused" ? "Paused" : ""}
            </span>
          </div>
        </div>
        {tail.status === "error" ? (
          <div className="p-4 sm:p-6">
            <Alert tone="error">{tail.error}</Alert>
          </div>
        ) : tail.events.length === 0 && tail.status !== "loading" ? (
          <p className="px-4 py-8 text-center text-sm text-zinc-500 sm:px-6 dark:text-zinc-400">
            No events yet. Sending a message, a bounce or a change to the suppression list shows up here.
          </p>
        ) : (
          <ul id={listId} aria-label="Events, newest first" aria-live="polite" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {tail.events.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
