// Paginated lists (docs/api.md): activity, support tickets, messages.
import { z } from "zod";

/** page ≥ 1 and limit 1..100 (docs/api.md); anything else is 400. */
export const paginationQuery = z.object({
  page: z.coerce.number({ error: "page must be a whole number ≥ 1" }).int().min(1).default(1),
  limit: z.coerce.number({ error: "limit must be a whole number from 1 to 100" }).int().min(1).max(100).default(20),
});

export const paginationSchema = z
  .object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() })
  .meta({ id: "Pagination" });

/** The `pagination` object of a page of `total` items; with no items `totalPages` is 0. */
export function pageInfo(page: number, limit: number, total: number) {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}
