// One error type for the whole service. Services throw AppError with a stable
// code and know nothing of HTTP; the route wrapper turns it into an answer
// (status from the code table in shared/api/errors.ts).
import type { ErrorCode, FieldError } from "@/shared/api/errors";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: {
      errors?: FieldError[];
      /** Extra fields for `data` (e.g. challengeToken); never secrets of the server. */
      data?: Record<string, unknown>;
      /** Extra response headers, such as Retry-After. */
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found.`);
