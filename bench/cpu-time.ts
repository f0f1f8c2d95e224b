// CPU time spent serving a benchmark, read from /proc (Linux): the app's
// process tree (launcher, web workers, embedded database, child engines) plus the PostgreSQL
// backends connected to the benchmark's database. Requests per second depend
// on whatever else the machine is doing; CPU milliseconds per request much
// less so, which makes them the figure to compare on a shared machine.
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

type ProcessStat = { pid: number; parentPid: number; cpuTicks: number };

function readStat(pid: number): ProcessStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // utime and stime, plus cutime and cstime: the children it has reaped (short-lived ones, like Postfix's
    // delivery agents under its master, are gone from the tree by the time it is read again).
    return {
      pid,
      parentPid: Number(fields[1]),
      cpuTicks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined; // exited meanwhile
  }
}

function processTree(rootPid: number): number[] {
  const stats = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcessStat => stat !== undefined);
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const stat of stats) {
      if (tree.has(stat.parentPid) && !tree.has(stat.pid)) {
        tree.add(stat.pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

async function databaseBackends(databaseUrl: string | undefined): Promise<number[]> {
  if (!databaseUrl) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return result.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Which part of the service a process is: the launcher, a web or delivery worker, PostgreSQL, or an engine by its command name. */
export type CpuPart = "launcher" | "web" | "delivery" | "postgresql" | "postfix" | "other";

const POSTFIX_COMMANDS = new Set([
  ...["postfix", "master", "smtpd", "smtp", "cleanup", "qmgr", "bounce", "trivial-rewrite", "postlogd", "tlsmgr", "scache", "anvil"],
  ...["proxymap", "pickup", "showq", "error", "discard", "flush", "verify"],
]);

/** Node names its main thread "MainThread", which is what /proc shows as a Node process's command. */
const NODE_COMMANDS = new Set(["node", "MainThread"]);

/** The launcher marks the workers it forks to deliver (DELIVERY_ROLE, server/launcher/processes.ts); the others serve requests. */
function isDeliveryWorker(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes("CES_DELIVERY_WORKER=1");
  } catch {
    return false;
  }
}

/**
 * `serverPid` may be a wrapper (tsx) whose one Node child is the launcher: the wrapper and that child count as the
 * launcher (MX, reports listener, engines' logs), the launcher's Node children as the web and delivery workers.
 */
function partOf(stat: ProcessStat, serverPid: number, backends: Set<number>): CpuPart {
  if (backends.has(stat.pid)) return "postgresql";
  let command = "";
  try {
    command = readFileSync(`/proc/${stat.pid}/comm`, "utf8").trim();
  } catch {
    return "other";
  }
  if (NODE_COMMANDS.has(command)) {
    if (stat.pid === serverPid || stat.parentPid === serverPid) return "launcher";
    return isDeliveryWorker(stat.pid) ? "delivery" : "web";
  }
  return POSTFIX_COMMANDS.has(command) ? "postfix" : "other";
}

/** The sum of a breakdown's parts. */
export const cpuTotal = (parts: Record<CpuPart, number>) => Object.values(parts).reduce((sum, ms) => sum + ms, 0);

/** Each part of a breakdown divided by `units` (messages, requests). */
export const cpuPerUnit = (parts: Record<CpuPart, number>, units: number) =>
  Object.fromEntries(Object.entries(parts).map(([part, ms]) => [part, ms / units])) as Record<CpuPart, number>;

/** "launcher 0.8, web 18.1, …": a breakdown as a table cell. */
export const cpuPartsText = (parts: Record<CpuPart, number>) =>
  Object.entries(parts)
    .map(([part, ms]) => `${part} ${ms.toFixed(1)}`)
    .join(", ");

/**
 * CPU milliseconds used by the server (and its database backends) from this
 * call until the returned function is called, by part (launcher, web and delivery workers,
 * PostgreSQL, Postfix, other engines). Counted per process, so a process that
 * starts meanwhile counts from zero; one that exits meanwhile loses what it
 * used, unless its parent in the tree reaps it (pools keep their connections
 * for longer than a scenario).
 */
export async function startCpuBreakdown(
  serverPid: number,
  databaseUrl: string | undefined,
): Promise<() => Promise<Record<CpuPart, number>>> {
  const ticksByPid = async () => {
    const backends = new Set(await databaseBackends(databaseUrl));
    const stats = [...processTree(serverPid), ...backends].flatMap((pid) => readStat(pid) ?? []);
    return new Map(stats.map((stat) => [stat.pid, { ticks: stat.cpuTicks, part: partOf(stat, serverPid, backends) }]));
  };
  const before = await ticksByPid();
  return async () => {
    const parts: Record<CpuPart, number> = { launcher: 0, web: 0, delivery: 0, postgresql: 0, postfix: 0, other: 0 };
    for (const [pid, now] of await ticksByPid()) {
      parts[now.part] += (now.ticks - (before.get(pid)?.ticks ?? 0)) * (1000 / TICKS_PER_SECOND);
    }
    return parts;
  };
}

/** CPU milliseconds used by the server and its database backends from this call until the returned function is called. */
export async function startCpuMeter(serverPid: number, databaseUrl: string | undefined): Promise<() => Promise<number>> {
  const stop = await startCpuBreakdown(serverPid, databaseUrl);
  return async () => cpuTotal(await stop());
}
