// One event of the feed: when (in the portal's date format), what happened in
// words with a link to what it concerns, and its type and JSON on demand, as
// an integration reads it.
import Link from "next/link";
import { formatDateTime } from "@/components/format-time";
import type { FeedEvent } from "@/shared/schemas/events";
import { describeEvent } from "./describe-event";

export function EventRow({ event }: { event: FeedEvent }) {
  const described = describeEvent(event);
  return (
    <li className="px-4 py-3 sm:px-6">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <time dateTime={event.createdAt} className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {formatDateTime(event.createdAt)}
        </time>
        <Link
          href={described.href}
          className="min-w-0 break-words font-medium text-zinc-900 hover:text-indigo-700 hover:underline dark:text-zinc-100 dark:hover:text-indigo-300"
        >
          {described.text}
        </Link>
      </div>
      <details className="group mt-1">
        <summary className="cursor-pointer text-xs text-zinc-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-zinc-400">
          <code>{event.type}</code> · JSON
        </summary>
        <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-zinc-50 p-3 text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
          {JSON.stringify(event, null, 2)}
        </pre>
      </details>
    </li>
  );
}
