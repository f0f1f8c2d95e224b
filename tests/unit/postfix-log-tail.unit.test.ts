// Following the child Postfix's log file (server/outbound/postfix/log-file-tail.ts)
// on real files: complete lines only, each handed over once and in order,
// again after a refusal, resumed from a stored position, and through a
// rotation while a writer process still appends to the renamed file: a
// stand-in for postlogd (a node process writing lines to the file it opened,
// which opens the file by name again on SIGHUP, as a new postlogd does after
// `postfix reload`).
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type LogPosition, tailLogFile } from "@/server/outbound/postfix/log-file-tail";
import { eventually } from "../support/poll";

/** Waits until `condition` holds (10 s unless told). */
const waitUntil = (condition: () => boolean, what: string, timeoutMs = 10_000) =>
  eventually(condition, (held) => held, { timeoutMs, what });

const dirs: string[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function logFile() {
  const dir = mkdtempSync(path.join(tmpdir(), "log-tail-"));
  dirs.push(dir);
  return path.join(dir, "maillog");
}

/** A tail that records what it was handed; `refuse` makes the next hand-overs fail. */
function follow(file: string, from: LogPosition | null, options: { rotateAtBytes?: number; reopen?: () => Promise<void> } = {}) {
  const handed: string[] = [];
  const read: string[] = [];
  const state = { refuse: 0, end: null as LogPosition | null };
  const tail = tailLogFile({
    file,
    from,
    onRead: (line) => read.push(line),
    onLines: async (lines, end) => {
      if (state.refuse > 0) {
        state.refuse -= 1;
        throw new Error("database unavailable");
      }
      handed.push(...lines);
      state.end = end;
    },
    rotateAtBytes: options.rotateAtBytes ?? 1024 * 1024,
    reopen: options.reopen ?? (async () => {}),
    pollMs: 20,
  });
  stops.push(tail.stop);
  return { handed, read, state, stop: tail.stop };
}

/** A stand-in for postlogd: appends `count` numbered lines, one every few milliseconds, and reopens the file by name on SIGHUP. */
function writer(file: string, count: number): ChildProcess {
  const script = `
    const fs = require("node:fs");
    let fd = fs.openSync(${JSON.stringify(file)}, "a");
    process.on("SIGHUP", () => { fs.closeSync(fd); fd = fs.openSync(${JSON.stringify(file)}, "a"); });
    let n = 0;
    const timer = setInterval(() => {
      fs.writeSync(fd, "line " + n + " " + "x".repeat(40) + "\\n");
      if (++n === ${count}) { clearInterval(timer); setTimeout(() => process.exit(0), 300); }
    }, 2);`;
  const child = spawn(process.execPath, ["-e", script], { stdio: "ignore" });
  stops.push(async () => {
    child.kill();
  });
  return child;
}

describe("tailLogFile", () => {
  it("hands over complete lines only, then the rest of a line once its end is written", async () => {
    const file = logFile();
    writeFileSync(file, "one\ntwo\nthr");
    const { handed, state } = follow(file, null);
    await waitUntil(() => handed.length === 2, "the complete lines");
    expect(handed).toEqual(["one", "two"]);
    expect(state.end?.offset).toBe(8);
    appendFileSync(file, "ee\n");
    await waitUntil(() => handed.length === 3, "the finished line");
    expect(handed).toEqual(["one", "two", "three"]);
  });

  it("hands the same lines over again after a refusal, and copies them to the service's log once", async () => {
    const file = logFile();
    writeFileSync(file, "a\nb\n");
    const tail = follow(file, null);
    tail.state.refuse = 2;
    await waitUntil(() => tail.handed.length === 2, "the lines, after two refusals", 10_000);
    expect(tail.handed).toEqual(["a", "b"]);
    expect(tail.read).toEqual(["a", "b"]);
    // Lines written while a refused batch waits come with it the next time, and are copied once too.
    tail.state.refuse = 1;
    appendFileSync(file, "c\n");
    await waitUntil(() => tail.read.length === 3, "the next line read");
    appendFileSync(file, "d\n");
    await waitUntil(() => tail.handed.length === 4, "both lines, after the refusal", 10_000);
    expect(tail.handed).toEqual(["a", "b", "c", "d"]);
    expect(tail.read).toEqual(["a", "b", "c", "d"]);
  });

  it("resumes from a stored position: nothing before it again, nothing after it lost", async () => {
    const file = logFile();
    writeFileSync(file, "a\nb\n");
    const first = follow(file, null);
    await waitUntil(() => first.handed.length === 2, "the first lines");
    await first.stop();
    appendFileSync(file, "c\nd\n");
    const second = follow(file, first.state.end);
    await waitUntil(() => second.handed.length === 2, "the lines written while stopped");
    expect(second.handed).toEqual(["c", "d"]);
    // A position in another file (the log was replaced meanwhile) starts this one from its beginning.
    const third = follow(file, { inode: -5, offset: 3 });
    await waitUntil(() => third.handed.length === 4, "the whole file");
    expect(third.handed).toEqual(["a", "b", "c", "d"]);
  });

  it("rotates a long file while its writer appends: every line once and in order, the new file read after the old one is let go", async () => {
    const file = logFile();
    writeFileSync(file, "");
    const count = 400;
    const child = writer(file, count);
    const tail = follow(file, null, { rotateAtBytes: 4_000, reopen: async () => void child.kill("SIGHUP") });
    await waitUntil(() => tail.handed.length === count, "every line", 20_000);
    const lines = Array.from({ length: count }, (_, n) => `line ${n} ${"x".repeat(40)}`);
    expect(tail.handed).toEqual(lines);
    // About 20 kB in files of 4 kB: rotated several times.
    expect(existsSync(`${file}.1`)).toBe(true);
    // A reader whose position is in the rotated file reads its rest, then the current file: the last lines, once each.
    if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
    const fromRotated = follow(file, { inode: statSync(`${file}.1`).ino, offset: 0 });
    await waitUntil(() => fromRotated.handed.at(-1) === lines.at(-1), "the rotated file, then the current one");
    expect(fromRotated.handed.length).toBeLessThan(count);
    expect(fromRotated.handed).toEqual(lines.slice(count - fromRotated.handed.length));
  }, 30_000);
});
