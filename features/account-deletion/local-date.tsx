"use client";

import { useEffect, useState } from "react";
import { formatDeletionDate } from "./format-deletion-date";

/**
 * A date in the reader's own time zone. The server does not know it, so the
 * first render (server and hydration alike) names the UTC day and the
 * browser's own follows right after.
 */
export function LocalDate({ iso }: { iso: string }) {
  const [text, setText] = useState(() => `${formatDeletionDate(iso, "en-US", "UTC")} (UTC)`);
  useEffect(() => setText(formatDeletionDate(iso)), [iso]);
  return <time dateTime={iso}>{text}</time>;
}
