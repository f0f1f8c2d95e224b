// The one supervisor of child engines: an engine that never comes up (a port
// taken, a configuration it refuses) is reported down after a few starts in a
// row, and is still retried; one that serves starts the count afresh. A port
// another process answers on is never taken for the engine.
import net from "node:net";
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

  it("does not start an engine whose port another process answers on, and never reports it online", async () => {
    const port = await freeLoopbackPort();
    const squatter = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(port, "127.0.0.1", resolve));
    const statuses: [boolean, number][] = [];
    let spawned = 0;
    const engine = superviseEngine({
      name: "port-taken",
      // Would serve nothing, but stays up: were it spawned, the squatter's port would pass for it.
      binary: "/bin/sleep",
      args: ["30"],
      stdio: "ignore",
      readyAt: { port },
      prepare: async () => {},
      onSpawn: () => {
        spawned += 1;
      },
      whileDown: "nothing works",
      onStatus: (online, failedStarts) => statuses.push([online, failedStarts]),
    });
    try {
      expect(await until(() => statuses.length >= 2, 10_000)).toBe(true);
      expect(statuses.slice(0, 2)).toEqual([
        [false, 1],
        [false, 2],
      ]);
      expect(spawned).toBe(0);
    } finally {
      await engine.stop();
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 20_000);
});
