// Reads a JSON request body under a size cap, in the documented order (docs/api.md):
// 413 (too large) → 415 (not JSON) → 400 (malformed).
import { AppError } from "@/server/errors";

export const JSON_BODY_LIMIT = 64 * 1024;

const isJsonMediaType = (contentType: string | null) =>
  !!contentType && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim());

const tooLarge = (limit: number) =>
  new AppError(
    "payload_too_large",
    `The request body is larger than ${limit >= 1024 * 1024 ? `${Math.floor(limit / 1024 / 1024)} MiB` : `${Math.floor(limit / 1024)} KiB`}.`,
  );

/** The body's bytes, refused with 413 past `limit` (declared or as it streams in). */
export async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Returns the raw body bytes (webhooks verify signatures on these). */
export async function readRawBody(request: Request, limit: number): Promise<Uint8Array> {
  return readCapped(request, limit);
}

/** `undefined` when no body was sent. */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const bytes = await readCapped(request, limit);
  const text = Buffer.from(bytes).toString("utf8");
  if (text.trim() === "") return undefined;
  if (!isJsonMediaType(request.headers.get("content-type"))) {
    throw new AppError("unsupported_media_type", "Request bodies must be JSON (Content-Type: application/json).");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("validation_error", "The request body is not valid JSON.", {
      errors: [{ path: "", message: "Malformed JSON" }],
    });
  }
}
