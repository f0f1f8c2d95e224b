// Turns anything thrown by a handler into an AppError. Database failures are
// recognised here, once: lost connections become 503, unique violations 409,
// text PostgreSQL cannot store (NUL) 400.
// Unknown errors become a generic 500; their text never reaches the client.
import { AppError } from "@/server/errors";

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

function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((cause) => {
    if (!(cause instanceof Error)) return false;
    const code = (cause as { code?: string }).code;
    if (code && (connectionErrorCodes.has(code) || code.startsWith("08"))) return true;
    return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(cause.message);
  });
}

export function isUniqueViolation(error: unknown): boolean {
  return causes(error).some((cause) => (cause as { code?: string } | null)?.code === "23505");
}

/** PostgreSQL refuses text it cannot store (a NUL character) with 22021 or 22P05: that is bad input, not our fault. */
function isUnstorableText(error: unknown): boolean {
  return causes(error).some((cause) => ["22021", "22P05"].includes((cause as { code?: string } | null)?.code ?? ""));
}

export function toAppError(error: unknown): { appError: AppError; unexpected: boolean } {
  if (error instanceof AppError) return { appError: error, unexpected: false };
  if (isDatabaseUnavailable(error)) {
    return {
      appError: new AppError("service_unavailable", "The service is temporarily unavailable. Please retry shortly.", {
        headers: { "retry-after": "5" },
      }),
      unexpected: true,
    };
  }
  if (isUniqueViolation(error)) {
    return { appError: new AppError("conflict", "The request conflicts with the current state of the resource."), unexpected: false };
  }
  if (isUnstorableText(error)) {
    const message = "Text in the request cannot contain the NUL character (\\u0000).";
    return { appError: new AppError("validation_error", message, { errors: [{ path: "", message }] }), unexpected: false };
  }
  return { appError: new AppError("internal_error", "Something went wrong on our side. Please try again."), unexpected: true };
}
