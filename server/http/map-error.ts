// Turns anything thrown by a handler into an AppError. Database failures
// (recognised in server/db/database-errors.ts) are answered here, once: lost
// connections become 503, unique violations 409, text PostgreSQL cannot store
// (NUL) 400. Unknown errors become a generic 500; their text never reaches the client.
import { isDatabaseUnavailable, isUniqueViolation, isUnstorableText } from "@/server/db/database-errors";
import { AppError } from "@/server/errors";

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
