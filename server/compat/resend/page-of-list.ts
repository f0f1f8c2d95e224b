// Resend's cursor pages (`limit`, `after`, `before`: an item's id) over a short
// list the service answers whole (an account's domains, its API keys).
import { AppError } from "@/server/errors";

type Query = { limit: number; after?: string; before?: string };

export function pageOfList<T extends { id: string }>(items: T[], query: Query): { object: "list"; has_more: boolean; data: T[] } {
  const cursor = query.after ?? query.before;
  const at = cursor === undefined ? -1 : items.findIndex((item) => item.id === cursor);
  if (cursor !== undefined && at < 0) {
    const field = query.after ? "after" : "before";
    throw new AppError("validation_error", `No item ${cursor} to page from.`, { errors: [{ path: field, message: "Unknown id" }] });
  }
  if (query.before !== undefined) {
    const start = Math.max(0, at - query.limit);
    return { object: "list", has_more: start > 0, data: items.slice(start, at) };
  }
  const start = at + 1;
  return { object: "list", has_more: start + query.limit < items.length, data: items.slice(start, start + query.limit) };
}
