import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeCpuBusy, parseProcStat, readCpuCounters } from "@/scripts/cpu-busy";

const stat = (user: number, idle: number) =>
  `cpu  ${user} 0 100 ${idle} 50 0 10 0 0 0\ncpu0 1 0 1 1 0 0 0 0 0 0\ncpu1 1 0 1 1 0 0 0 0 0 0\nintr 12345\n`;

describe("cpu-busy", () => {
  it("reads busy and waiting jiffies and the cores from /proc/stat's text", () => {
    expect(parseProcStat(stat(1000, 4000))).toEqual({ busy: 1110, total: 5160, cores: 2 });
    expect(parseProcStat("intr 1\n")).toBeUndefined();
  });

  it("says how busy the cores were between two readings", () => {
    const before = parseProcStat(stat(1000, 4000));
    // 300 more busy jiffies and 700 more idle: 30 %.
    const after = parseProcStat(stat(1300, 4700));
    expect(describeCpuBusy(before, after)).toBe("cores 30% busy (of 2)");
    expect(describeCpuBusy(before, before)).toBe("");
    expect(describeCpuBusy(undefined, after)).toBe("");
  });

  it.skipIf(!existsSync("/proc/stat"))("reads this machine's counters", () => {
    expect(readCpuCounters()?.cores).toBeGreaterThan(0);
  });
});
