// The compose form's values as the API's send and draft bodies, and the API's
// field errors back onto the form's fields (`to.1` is the To field, `text` or
// `html` the editor, `attachments.0.content` the files).
import { PortalApiError } from "@/features/api/portal-fetch";
import { splitAddresses } from "./address-list";
import type { ComposeAttachment, ComposeStart } from "./compose-prefill";

export type ComposeFields = { from: string; to: string; cc: string; bcc: string; subject: string };

type References = Pick<ComposeStart, "inReplyTo" | "forwardOf">;

export function draftBody(fields: ComposeFields, html: string, attachments: ComposeAttachment[], refs: References) {
  const list = (field: string) => {
    const entries = splitAddresses(field);
    return entries.length > 0 ? entries : undefined;
  };
  return {
    from: fields.from || undefined,
    to: list(fields.to),
    cc: list(fields.cc),
    bcc: list(fields.bcc),
    subject: fields.subject.trim() || undefined,
    html: html || undefined,
    attachments: attachments.length > 0 ? attachments.map(({ size: _size, ...attachment }) => attachment) : undefined,
    inReplyTo: refs.inReplyTo,
    forwardOf: refs.forwardOf,
  };
}

export function sendBody(
  fields: ComposeFields,
  html: string,
  attachments: ComposeAttachment[],
  refs: References,
  draftId: string | undefined,
) {
  const body = draftBody(fields, html, attachments, refs);
  // The API says what is missing (no recipient, no subject, no text) beside the field.
  return { ...body, to: body.to ?? [], subject: body.subject ?? "", draftId };
}

const fieldOfPath: Record<string, string> = { text: "body", html: "body" };

/** The same error with its paths on the form's fields. */
export function onComposeFields(error: unknown): unknown {
  if (!(error instanceof PortalApiError)) return error;
  const errors = error.errors.map((entry) => {
    const head = entry.path.split(".")[0] ?? entry.path;
    return { ...entry, path: fieldOfPath[head] ?? head };
  });
  return new PortalApiError(error.status, error.code, error.message, errors, error.retryAfterSeconds);
}
