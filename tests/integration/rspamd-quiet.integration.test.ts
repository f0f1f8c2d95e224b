// A normal setup's child rspamd (no REDIS_URL, no Internet) starts, serves and
// stops without one error or warning line, so a real one stands out: no Bayes
// classifier without a store for its statistics, Debian's own lists instead
// of maps.rspamd.com, and a symbols cache it can save at stop.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { rspamdLayout } from "@/server/spam-filter/rspamd-config";
import { RSPAMD_BINARY } from "@/server/spam-filter/rspamd-env";
import { rspamdAnswers, rspamdArgs, rspamdLogLevel } from "@/server/spam-filter/rspamd-process";
import { rspamdUser, writeRspamdFiles } from "@/server/spam-filter/write-rspamd-files";
import { until } from "../support/poll";

describe.runIf(existsSync(RSPAMD_BINARY))("the child rspamd of a normal setup", () => {
  it("logs no error or warning from start to stop, and still scores offline (a freemail sender)", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "ces-rspamd-quiet-"));
    // rspamd's user must pass through, as through the service's state directory (server/engines/state-dir.ts).
    chmodSync(root, 0o755);
    const layout = rspamdLayout(root);
    const normalPort = await freeLoopbackPort();
    const asRoot = process.getuid?.() === 0;
    writeRspamdFiles(
      layout,
      { normalPort, controllerPort: await freeLoopbackPort(), dnsServers: ["127.0.0.1:9"], controllerPassword: "quiet", redis: null },
      null,
      asRoot ? rspamdUser() : null,
    );
    const child = spawn(RSPAMD_BINARY, rspamdArgs(layout, asRoot), { stdio: ["ignore", "pipe", "pipe"] });
    const lines: string[] = [];
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on("line", (line) => lines.push(line));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      const url = `http://127.0.0.1:${normalPort}`;
      expect(await until(() => rspamdAnswers(url), 120_000, 500)).toBe(true);
      const message = "From: Ada <ada@gmail.com>\r\nTo: bob@example.org\r\nSubject: Hello\r\n\r\nJust saying hello.\r\n";
      const verdict = (await (await fetch(`${url}/checkv2`, { method: "POST", body: message })).json()) as {
        symbols: Record<string, unknown>;
      };
      expect(Object.keys(verdict.symbols)).toContain("FREEMAIL_FROM");
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
    // Errors and warnings, and the three kinds a normal setup used to log (a Bayes store it has not, the maps it
    // cannot fetch offline, the cache it could not save at stop). The first start's missing stats file is fine.
    const noisy = lines.filter((line) => rspamdLogLevel(line) !== "info" || /redis|maps\.rspamd\.com|symbols\.cache/i.test(line));
    expect(noisy).toEqual([]);
  }, 180_000);
});
