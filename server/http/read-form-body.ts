// A small HTML form's body (application/x-www-form-urlencoded, or
// multipart/form-data as RFC 8058 also allows), read up to a limit with the
// API's own capped reader, so a public form endpoint cannot be made to buffer
// a large upload.
import { AppError } from "@/server/errors";
import { readCapped } from "./read-body";

const LIMIT_BYTES = 16 * 1024;

type FormFields = { get(name: string): string | null; getAll(name: string): string[] };

/** The fields, or null when the body is over the limit or not a form. */
export async function readFormBody(request: Request): Promise<FormFields | null> {
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await readCapped(request, LIMIT_BYTES));
  } catch (error) {
    if (error instanceof AppError && error.code === "payload_too_large") return null;
    throw error;
  }
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    const form = await new Response(new Uint8Array(bytes), { headers: { "content-type": type } }).formData().catch(() => null);
    if (!form) return null;
    return {
      get: (name) => (typeof form.get(name) === "string" ? (form.get(name) as string) : null),
      getAll: (name) => form.getAll(name).filter((value): value is string => typeof value === "string"),
    };
  }
  return new URLSearchParams(bytes.toString("utf8"));
}
