// Errors of the Resend-compatible surface in Resend's shape, `{ statusCode, name, message }`
// (docs/resend-compatibility.md, "Errors"). The services throw the API's own AppError;
// only this table knows the names the Resend SDKs read.
import type { AppError } from "@/server/errors";
import { type ErrorCode, errorStatus } from "@/shared/api/errors";
import { resendPath } from "@/shared/schemas/resend-compat";

/** Resend's error names, as its SDKs type them. */
type ResendErrorName =
  | "validation_error"
  | "missing_api_key"
  | "invalid_api_key"
  | "restricted_api_key"
  | "not_found"
  | "method_not_allowed"
  | "invalid_idempotency_key"
  | "invalid_idempotent_request"
  | "monthly_quota_exceeded"
  | "rate_limit_exceeded"
  | "application_error";

const named: Partial<Record<ErrorCode, { statusCode: number; name: ResendErrorName }>> = {
  validation_error: { statusCode: 422, name: "validation_error" },
  unsupported_media_type: { statusCode: 422, name: "validation_error" },
  unauthorized: { statusCode: 403, name: "invalid_api_key" },
  forbidden: { statusCode: 403, name: "restricted_api_key" },
  not_found: { statusCode: 404, name: "not_found" },
  method_not_allowed: { statusCode: 405, name: "method_not_allowed" },
  idempotency_conflict: { statusCode: 409, name: "invalid_idempotent_request" },
  quota_exceeded: { statusCode: 429, name: "monthly_quota_exceeded" },
  rate_limited: { statusCode: 429, name: "rate_limit_exceeded" },
};

/** `data.resendName` on an AppError picks a name this table cannot tell apart (a missing key vs a bad one). */
export const MISSING_API_KEY = { resendName: "missing_api_key", statusCode: 401 } as const;

/**
 * Other refusals of the request as it stands (409 `not_cancelable`, 413, …) keep their status under
 * `validation_error`; the service's own failures are 500 `application_error`.
 */
function nameOf(error: AppError): { statusCode: number; name: ResendErrorName } {
  if (error.details.data?.resendName === MISSING_API_KEY.resendName) return { statusCode: 401, name: "missing_api_key" };
  if (error.code === "validation_error" && error.details.errors?.some((entry) => entry.path.startsWith("headers.Idempotency-Key")))
    return { statusCode: 400, name: "invalid_idempotency_key" };
  const status = errorStatus[error.code];
  return (
    named[error.code] ?? (status < 500 ? { statusCode: status, name: "validation_error" } : { statusCode: 500, name: "application_error" })
  );
}

/** The message: the API's own, or for invalid input each field as this surface names it. */
function messageOf(error: AppError): string {
  const fields = error.details.errors?.filter((entry) => entry.path !== "");
  if (error.code !== "validation_error" || !fields?.length) return error.message;
  return fields.map((entry) => `\`${resendPath(entry.path)}\`: ${entry.message}`).join("; ");
}

export function resendErrorResponse(error: AppError): Response {
  const { statusCode, name } = nameOf(error);
  return Response.json(
    { statusCode, name, message: messageOf(error) },
    { status: statusCode, headers: { ...error.details.headers, "cache-control": "no-store" } },
  );
}
