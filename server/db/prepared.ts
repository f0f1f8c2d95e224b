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
