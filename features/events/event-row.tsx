// One event of the feed: when, what, about which object, and its JSON on demand.
import type { FeedEvent } from "@/shared/schemas/events";

export function EventRow({ event }: { event: FeedEvent }) {
  const at = new Date(event.createdAt);
  return (
    <li className="px-4 py-3 sm:px-6">
      <details className="group">
        <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          <time dateTime={event.createdAt} className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
            {at.toLocaleString()}
          </time>
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{event.type}</span>
          <span className="min-w-0 break-all text-zinc-600 dark:text-zinc-300">{event.object.id}</span>
        </summary>
        <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-zinc-50 p-3 text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
          {JSON.stringify(event, null, 2)}
        </pre>
      </details>
    </li>
  );
}
