// The messages list's filters, kept in the page's URL (?status=&tag=&to=&search=&since=&until=&page=)
// so a filtered view can be linked and survives a reload.
import { messageStatuses } from "@/shared/schemas/messages";

export type MessageFilters = {
  status?: (typeof messageStatuses)[number];
  tag?: string;
  to?: string;
  search?: string;
  /** Created at or after, and before (ISO times): a chart's bucket links here with both. */
  since?: string;
  until?: string;
};

const isoTime = (value: string | undefined) =>
  value && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value : undefined;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/** Values the API would refuse are dropped, so a hand-edited URL still shows a list. */
export function filtersFromSearchParams(params: Record<string, string | string[] | undefined>): MessageFilters {
  const status = first(params.status);
  const tag = first(params.tag);
  return {
    status: messageStatuses.find((known) => known === status),
    tag: tag && /^[A-Za-z0-9_-]{1,64}(:[A-Za-z0-9_-]{1,256})?$/.test(tag) ? tag : undefined,
    to: first(params.to)?.slice(0, 320),
    search: first(params.search)?.slice(0, 200),
    since: isoTime(first(params.since)),
    until: isoTime(first(params.until)),
  };
}

export function messagesHref(filters: MessageFilters, page = 1): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/messages?${text}` : "/messages";
}
