// How busy the machine's cores were over a step of `npm test`, from the kernel's
// counters in /proc/stat: a tier at a small share of its cores is waiting
// (timeouts, deliveries, engines), and more of its files can run at once; a tier
// near all of them is computing, and more workers only slow each one down.
import { existsSync, readFileSync } from "node:fs";

export type CpuCounters = { busy: number; total: number; cores: number };

/** The aggregate "cpu" line of /proc/stat's text: jiffies busy and in all, and the number of cores. */
export function parseProcStat(text: string): CpuCounters | undefined {
  const lines = text.split("\n");
  const aggregate = lines.find((line) => /^cpu\s/.test(line));
  if (!aggregate) return undefined;
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice).
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = aggregate.trim().split(/\s+/).slice(1).map(Number);
  if ([user, nice, system, idle].some((value) => value === undefined || Number.isNaN(value))) return undefined;
  const waiting = idle! + iowait;
  const busy = user! + nice! + system! + irq + softirq + steal;
  return { busy, total: busy + waiting, cores: lines.filter((line) => /^cpu\d+\s/.test(line)).length };
}

export function readCpuCounters(): CpuCounters | undefined {
  return existsSync("/proc/stat") ? parseProcStat(readFileSync("/proc/stat", "utf8")) : undefined;
}

/** "cores 37% busy (of 2)" between two readings; empty when either is missing or no time passed. */
export function describeCpuBusy(before: CpuCounters | undefined, after: CpuCounters | undefined): string {
  if (!before || !after || after.total <= before.total) return "";
  const share = (after.busy - before.busy) / (after.total - before.total);
  return `cores ${Math.round(share * 100)}% busy (of ${after.cores})`;
}
