// Reads nodemailer's answer to one SMTP hand-off as recipients accepted and
// refused (with their reply codes), so delivery can bounce exactly the
// recipients a server refused and retry the ones it deferred.
import type { Transporter } from "nodemailer";
import type { HandOff, RecipientRefusal } from "./message";

type RejectedError = Error & { recipient?: string; responseCode?: number; response?: string };
type SmtpError = Error & { code?: string; responseCode?: number; response?: string; rejectedErrors?: RejectedError[]; rejected?: string[] };

const refusalsOf = (errors: RejectedError[] | undefined, rejected: (string | { address: string })[] | undefined): RecipientRefusal[] => {
  const known = (errors ?? []).map((error) => ({
    recipient: error.recipient ?? "",
    code: error.responseCode ?? null,
    response: (error.response ?? error.message).trim(),
  }));
  const named = new Set(known.map((entry) => entry.recipient));
  const rest = (rejected ?? [])
    .map((entry) => (typeof entry === "string" ? entry : entry.address))
    .filter((recipient) => !named.has(recipient));
  return [...known, ...rest.map((recipient) => ({ recipient, code: null, response: "refused" }))];
};

type SentInfo = {
  response?: string;
  accepted?: (string | { address: string })[];
  rejected?: (string | { address: string })[];
  rejectedErrors?: RejectedError[];
};

export function handOffOf(info: SentInfo): HandOff & { response?: string } {
  const accepted = (info.accepted ?? []).map((entry) => (typeof entry === "string" ? entry : entry.address));
  return { accepted, refused: refusalsOf(info.rejectedErrors, info.rejected), response: info.response };
}

/** Delivery reports to ask for (RFC 3461); sent only when the server offers DSN. */
export type DsnRequest = { ret: "HDRS" | "FULL"; envid: string; notify: ("SUCCESS" | "FAILURE" | "DELAY")[] };

/** Sends through a nodemailer transport; every recipient refused at RCPT is an answer, not an error. */
export async function sendRawVia(
  transporter: Transporter,
  message: { envelope: { from: string; to: string[] }; raw: Buffer },
  dsn?: DsnRequest,
): Promise<HandOff & { response?: string }> {
  try {
    return handOffOf((await transporter.sendMail({ envelope: message.envelope, raw: message.raw, ...(dsn ? { dsn } : {}) })) as SentInfo);
  } catch (caught) {
    const error = caught as SmtpError;
    if (error.code === "EENVELOPE" && (error.rejectedErrors?.length || error.rejected?.length)) {
      return { accepted: [], refused: refusalsOf(error.rejectedErrors, error.rejected) };
    }
    throw error;
  }
}
