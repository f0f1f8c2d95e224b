// The envelope every /api/v1 answer uses: { success, message, data }.
import type { AppError } from "@/server/errors";
import { errorStatus } from "@/shared/api/errors";

export type Envelope<T> = { success: boolean; message: string; data: T };

const baseHeaders = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
} as const;

export function envelopeResponse<T>(status: number, body: Envelope<T>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...baseHeaders, ...headers } });
}

export function errorResponse(error: AppError, headers: Record<string, string> = {}): Response {
  const data: Record<string, unknown> = { ...error.details.data, code: error.code };
  if (error.details.errors) data.errors = error.details.errors;
  return envelopeResponse(
    errorStatus[error.code],
    { success: false, message: error.message, data },
    { ...error.details.headers, ...headers },
  );
}
