// What kind of failure a database error is, read from PostgreSQL's SQLSTATE
// codes (and node-postgres's connection errors) anywhere in its cause chain.
// Services use these to react to a race; the route wrapper's error mapper
// (server/http/map-error.ts) turns them into answers.

const connectionErrorCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

const hasCode = (error: unknown, codes: string[]) =>
  causes(error).some((cause) => codes.includes((cause as { code?: string } | null)?.code ?? ""));

/** The database cannot be reached (refused, reset, shutting down, too many connections). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((cause) => {
    if (!(cause instanceof Error)) return false;
    const code = (cause as { code?: string }).code;
    if (code && (connectionErrorCodes.has(code) || code.startsWith("08"))) return true;
    return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(cause.message);
  });
}

/** A unique constraint refused the row: someone else wrote it first. */
export const isUniqueViolation = (error: unknown) => hasCode(error, ["23505"]);

/** PostgreSQL refuses text it cannot store (a NUL character) with 22021 or 22P05: that is bad input, not our fault. */
export const isUnstorableText = (error: unknown) => hasCode(error, ["22021", "22P05"]);
