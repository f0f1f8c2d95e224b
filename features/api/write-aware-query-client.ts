// A QueryClient whose invalidation after a write always reads again. A read
// still in flight may have read before the write committed, and react-query
// lets a query that has no data yet join that read instead of starting a new
// one (its cancelRefetch applies only to queries with data): a key created
// while the list of keys was still loading never showed. So invalidating
// first cancels what is in flight for those queries, then reads again.
import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient } from "@tanstack/react-query";

export class WriteAwareQueryClient extends QueryClient {
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    if (filters?.refetchType !== "none") await this.cancelQueries({ ...filters, fetchStatus: "fetching" });
    return super.invalidateQueries(filters, options);
  }
}
