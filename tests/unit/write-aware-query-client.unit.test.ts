// Invalidation after a write reads again even while the first read of a
// query is still in flight (features/api/write-aware-query-client.ts).
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { WriteAwareQueryClient } from "@/features/api/write-aware-query-client";

/** A list whose first read is slow and sees the server before the write. */
async function listAfterWriteDuringFirstRead(client: QueryClient) {
  const server = { keys: ["old"] };
  let reads = 0;
  const observer = new QueryObserver(client, {
    queryKey: ["keys"],
    queryFn: async ({ signal }) => {
      reads += 1;
      const seen = [...server.keys];
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, reads === 1 ? 100 : 5);
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
      return seen;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  await new Promise((resolve) => setTimeout(resolve, 20));
  server.keys.push("new");
  await client.invalidateQueries({ queryKey: ["keys"] });
  await new Promise((resolve) => setTimeout(resolve, 150));
  unsubscribe();
  return { data: client.getQueryData<string[]>(["keys"]), reads };
}

describe("invalidating while a query's first read is in flight", () => {
  it("reads again, so the write shows", async () => {
    expect(await listAfterWriteDuringFirstRead(new WriteAwareQueryClient())).toEqual({ data: ["old", "new"], reads: 2 });
  });

  it("is what plain react-query gets wrong: it joins the stale read", async () => {
    expect(await listAfterWriteDuringFirstRead(new QueryClient())).toEqual({ data: ["old"], reads: 1 });
  });
});
