// Adding jobs from request handlers. The sender shares the app's connection
// pool and never works or maintains queues; it can enqueue inside the
// caller's transaction, so a job exists exactly when its data does.
import { sql } from "drizzle-orm";
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
