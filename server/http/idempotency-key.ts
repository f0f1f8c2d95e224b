import { idempotencyKeyHeader } from "@/shared/schemas/messages";
import { AppError } from "@/server/errors";

/** The request's Idempotency-Key header, validated; null when absent. */
export function idempotencyKeyOf(request: Request): string | null {
  const value = request.headers.get("idempotency-key");
  if (value === null) return null;
  const parsed = idempotencyKeyHeader.safeParse(value);
  if (!parsed.success) {
    throw new AppError("validation_error", "The Idempotency-Key header is invalid.", {
      errors: [{ path: "headers.Idempotency-Key", message: parsed.error.issues[0]!.message }],
    });
  }
  return parsed.data;
}
