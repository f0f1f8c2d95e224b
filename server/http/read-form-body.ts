// A small HTML form's body (application/x-www-form-urlencoded, or
// multipart/form-data as RFC 8058 also allows), read up to a limit, so a
// public form endpoint cannot be made to buffer a large upload.
const LIMIT_BYTES = 16 * 1024;

type FormFields = { get(name: string): string | null; getAll(name: string): string[] };

/** The fields, or null when the body is over the limit or not a form. */
export async function readFormBody(request: Request): Promise<FormFields | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > LIMIT_BYTES || !request.body) return declared > LIMIT_BYTES ? null : new URLSearchParams();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > LIMIT_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    const form = await new Response(bytes, { headers: { "content-type": type } }).formData().catch(() => null);
    if (!form) return null;
    return {
      get: (name) => (typeof form.get(name) === "string" ? (form.get(name) as string) : null),
      getAll: (name) => form.getAll(name).filter((value): value is string => typeof value === "string"),
    };
  }
  return new URLSearchParams(bytes.toString("utf8"));
}
