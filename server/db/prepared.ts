import { createHash } from "node:crypto";
import type { Placeholder, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { QueryResult, QueryResultRow } from "pg";
import { db, type Executor } from "@/server/db/client";
import { env } from "@/server/config/env";
import { logger } from "@/server/logger";

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

/** Distinct hot statement texts named per process; past it they run unnamed, so a connection never holds an unbounded set. */
const MAX_NAMED_TEXTS = 64;
const namesByText = new Map<string, string>();
let capReported = false;
const dialect = new PgDialect();

/** The name of one hot statement's text: its label and a digest, so two texts never share a name. */
function nameOf(label: string, text: string): string | undefined {
  const known = namesByText.get(text);
  if (known) return known;
  if (namesByText.size >= MAX_NAMED_TEXTS) {
    // Only a statement whose text changes from call to call gets here; it would be a bug worth seeing once.
    if (!capReported) logger().warn({ label, named: MAX_NAMED_TEXTS }, "hot statement names used up; further texts run unnamed");
    capReported = true;
    return undefined;
  }
  const name = `${label}-${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
  namesByText.set(text, name);
  return name;
}

/**
 * A statement built with `sql` whose text depends on its branches rather
 * than only on its values (a send, a delivery's outcome): on the pool each
 * distinct text is prepared once per connection under a name derived from
 * it, so PostgreSQL parses and plans it once, not on every call. Within a
 * transaction, or with no `label`, it runs as `execute` would.
 */
export async function executeHot<T extends QueryResultRow>(
  executor: Executor,
  label: string | null,
  statement: SQL,
): Promise<QueryResult<T>> {
  if (executor !== db() || !label || env().DATABASE_EMBEDDED) return (await executor.execute<T>(statement)) as QueryResult<T>;
  const query = dialect.sqlToQuery(statement);
  const name = nameOf(label, query.sql);
  return db()._.session.prepareQuery(query, undefined, name, false).execute() as Promise<QueryResult<T>>;
}

/** A value in a statement written with `sql`: given, or a `sql.placeholder` filled when a `hotStatement` runs. */
export type Bound = string | number | Placeholder;

/**
 * A statement written with `sql`, its values `sql.placeholder`s, too large to
 * rebuild on every request (the dashboard's): built once per process on the
 * pool and, on PostgreSQL, prepared once per connection under `name`.
 */
export function hotStatement<T extends QueryResultRow>(
  name: string,
  build: () => SQL,
): (values: Record<string, unknown>) => Promise<QueryResult<T>> {
  let prepared: { execute(values: Record<string, unknown>): Promise<unknown> } | undefined;
  return (values) => {
    prepared ??= db()._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, statementName(name), false);
    return prepared.execute(values) as Promise<QueryResult<T>>;
  };
}
