// The one supervisor of child engines: an engine that never comes up (a port
// taken, a configuration it refuses) is reported down after a few starts in a
// row, and is still retried; one that serves starts the count afresh.
import { describe, expect, it } from "vitest";
import { DOWN_AFTER_FAILED_STARTS, superviseEngine } from "@/server/engines/supervise-engine";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { until } from "../support/poll";

describe("superviseEngine", () => {
  it("counts the starts in a row that never served and reports them with each status", async () => {
    const statuses: [boolean, number][] = [];
    const engine = superviseEngine({
      name: "never-up",
      binary: "/bin/false",
      args: [],
      stdio: "ignore",
      readyAt: { port: await freeLoopbackPort() },
      prepare: async () => {},
      onSpawn: () => {},
      whileDown: "nothing works",
      onStatus: (online, failedStarts) => statuses.push([online, failedStarts]),
    });
    try {
      // Restarts wait 1 s, then 2 s: the third failed start comes about 3 s after the first.
      expect(await until(() => statuses.length >= DOWN_AFTER_FAILED_STARTS, 10_000)).toBe(true);
      expect(statuses.slice(0, DOWN_AFTER_FAILED_STARTS)).toEqual([
        [false, 1],
        [false, 2],
        [false, 3],
      ]);
    } finally {
      await engine.stop();
    }
    expect(statuses.at(-1)).toEqual([false, 0]);
  }, 20_000);
});
