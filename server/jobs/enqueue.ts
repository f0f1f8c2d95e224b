// Adding jobs from request handlers. The sender shares the app's connection
// pool and never works or maintains queues; it can enqueue inside the
// caller's transaction, so a job exists exactly when its data does.
import { type SQL, sql } from "drizzle-orm";
import { fromDrizzle, PgBoss } from "pg-boss";
import { type Executor, pool } from "@/server/db/client";
import type { queues } from "./queues";

const holder = globalThis as typeof globalThis & { __cesJobSender?: Promise<PgBoss> };

/**
 * Started when a web worker boots (server/runtime/web-server.ts), never inside
 * a request: starting reads pg-boss's schema on a pooled connection, which
 * must not wait behind the caller's own open transaction.
 */
export function jobSender(): Promise<PgBoss> {
  holder.__cesJobSender ??= (async () => {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => pool().query(text, values as unknown[]) },
      supervise: false,
      schedule: false,
      migrate: false,
    });
    boss.on("error", () => {}); // a sender has no background work to fail
    await boss.start();
    return boss;
  })();
  return holder.__cesJobSender;
}

/** Many jobs of one queue in one statement; `startAfter` holds a job back until then. */
export async function enqueueMany(
  queue: (typeof queues)[keyof typeof queues],
  jobs: { data: object; startAfter?: Date }[],
  tx?: Executor,
): Promise<void> {
  const boss = await jobSender();
  await boss.insert(queue, jobs, tx ? { db: fromDrizzle(tx as never, sql as never) } : {});
}

export async function enqueue(queue: (typeof queues)[keyof typeof queues], data: object, tx?: Executor): Promise<void> {
  const boss = await jobSender();
  await boss.send(queue, data, tx ? { db: fromDrizzle(tx as never, sql as never) } : {});
}

/** pg-boss's statement for jobs of a queue that wakes its workers: the insert, then one NOTIFY if a job may run now. */
const NOTIFYING_INSERT =
  /^WITH\s+(ins\s+AS\s*\([\s\S]*\),\s*notified\s+AS\s*\([\s\S]*\))\s*SELECT id FROM ins WHERE \(SELECT count\(\*\) FROM notified\) [<>]=? 0$/i;

/**
 * pg-boss's own statement for adding these jobs, as `with` clauses another
 * statement can embed (the send statement, store-messages-fast.ts), so the
 * jobs are added in the same round trip as their messages: `clauses` to put
 * after `with`, and `evaluate`, an expression the embedding statement must
 * select so PostgreSQL runs the clause that wakes the workers. Built by
 * pg-boss's `insert` against a database that only records what it is given;
 * null when the statement is not of a shape known to embed, and the caller
 * enqueues the usual way.
 */
export async function jobInsertClauses(
  queue: (typeof queues)[keyof typeof queues],
  jobs: { data: object; startAfter?: Date }[],
): Promise<{ clauses: SQL; evaluate: SQL } | null> {
  const boss = await jobSender();
  const recorded: { text: string; values: unknown[] }[] = [];
  const recorder = {
    executeSql: async (text: string, values?: unknown[]) => {
      recorded.push({ text, values: values ?? [] });
      return { rows: [] };
    },
  };
  await boss.insert(queue, jobs, { db: recorder });
  const [statement] = recorded;
  if (recorded.length !== 1 || !statement || statement.values.length !== 1) return null;
  const text = statement.text.trim();
  // Its one parameter is $1 (no $2 or $10): each $1 becomes a parameter of the embedding statement.
  if (/\$(?!1(?!\d))\d/.test(text)) return null;
  const notifying = NOTIFYING_INSERT.exec(text);
  const clauses = notifying ? notifying[1]! : /^insert\s/i.test(text) ? `ces_jobs as (${text})` : null;
  if (!clauses) return null;
  const chunks: SQL[] = [];
  clauses.split(/\$1(?!\d)/).forEach((part, index) => {
    if (index > 0) chunks.push(sql`${statement.values[0]}`);
    chunks.push(sql.raw(part));
  });
  return { clauses: sql.join(chunks), evaluate: notifying ? sql.raw("(select count(*) from notified)") : sql.raw("0") };
}
