import { db, type Executor } from "@/server/db/client";
import { env } from "@/server/env";

/**
 * The name for a hot statement: on PostgreSQL a named statement is parsed
 * once per connection. The embedded engine runs every connection in one
 * shared session, where two connections preparing the same name would
 * collide, so there statements stay unnamed (still built only once).
 */
export function statementName(name: string): string | undefined {
  return env().DATABASE_EMBEDDED ? undefined : name;
}

type Preparable<P> = { prepare(name: string): P };

/**
 * A read that many requests run, with `sql.placeholder` for its values: on
 * the pool it is built and prepared once per process, so drizzle does not
 * rebuild its SQL and PostgreSQL does not parse and plan it on every request
 * (about a quarter of the CPU per query, measured on a sessions list). Given
 * a transaction, it is built on that transaction, unnamed.
 */
export function hotQuery<P>(name: string, build: (executor: Executor) => Preparable<P>): (executor?: Executor) => P {
  let pooled: P | undefined;
  return (executor = db()) => {
    if (executor !== db()) return build(executor).prepare(undefined as unknown as string);
    pooled ??= build(executor).prepare(statementName(name) as string);
    return pooled;
  };
}
