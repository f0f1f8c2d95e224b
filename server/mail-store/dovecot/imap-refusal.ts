// Dovecot's refusals of an IMAP command, read from imapflow's error: the
// response code in brackets (RFC 5530: OVERQUOTA, CANNOT, …) and the text.
// Refusals a user can act on become the API's own errors here, so they never
// surface as a 500.
import { AppError } from "@/server/errors";

export type ImapRefusal = { code: string | null; text: string };

type ImapCommandError = { responseStatus?: string; serverResponseCode?: string; response?: unknown; responseText?: string };

/** The refusal behind an error, or null when the error was no `NO`/`BAD` answer (a lost connection, our own AppError). */
export function imapRefusalOf(error: unknown): ImapRefusal | null {
  if (!error || typeof error !== "object" || error instanceof AppError) return null;
  const failed = error as ImapCommandError;
  if (failed.responseStatus !== "NO" && failed.responseStatus !== "BAD") return null;
  const text = failed.responseText ?? (typeof failed.response === "string" ? failed.response : "");
  return { code: failed.serverResponseCode?.toUpperCase() ?? null, text: text.trim() };
}

/** A full mailbox as the API answers it: 409 `mailbox_full`, whichever command hit the quota. */
export function mailboxFullOr(error: unknown): unknown {
  const refusal = imapRefusalOf(error);
  if (refusal?.code === "OVERQUOTA" || (refusal && /quota exceeded/i.test(refusal.text))) {
    return new AppError("mailbox_full", "The mailbox is full: delete messages (and empty Trash) or raise its quota, then try again.");
  }
  return error;
}
