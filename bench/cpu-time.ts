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

/**
 * CPU milliseconds used by the server (and its database backends) from this
 * call until the returned function is called. Counted per process, so a
 * process that starts meanwhile counts from zero; one that exits meanwhile
 * loses what it used (pools keep their connections for longer than a scenario).
 */
export async function startCpuMeter(serverPid: number, databaseUrl: string | undefined): Promise<() => Promise<number>> {
  const ticksByPid = async () => {
    const pids = [...processTree(serverPid), ...(await databaseBackends(databaseUrl))];
    return new Map(pids.map((pid) => [pid, readStat(pid)?.cpuTicks ?? 0]));
  };
  const before = await ticksByPid();
  return async () => {
    let ticks = 0;
    for (const [pid, now] of await ticksByPid()) ticks += now - (before.get(pid) ?? 0);
    return ticks * (1000 / TICKS_PER_SECOND);
  };
}
