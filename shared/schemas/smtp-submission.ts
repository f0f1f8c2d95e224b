// The figures and names customers see in their SMTP settings (GET /sending/smtp, docs/smtp.md).
import { MAX_MESSAGE_BYTES } from "@/shared/schemas/message-attachments";

export const SUBMISSION_USERNAME = "apikey";
/** Usernames that also log in with an API key: Resend's SMTP settings, so a client set up for Resend needs only the new host. */
export const SUBMISSION_USERNAME_ALIASES = ["resend"] as const;
/** Largest message accepted, advertised with SIZE: the sending API's limit. */
export const MAX_SUBMISSION_BYTES = MAX_MESSAGE_BYTES;
/** Optional headers that steer the service; removed before the message is signed. */
export const CONTROL_HEADER_NAMES = { tags: "X-CES-Tags", idempotencyKey: "X-CES-Idempotency-Key", topic: "X-CES-Topic" } as const;
/** Resend's SMTP header for the same key as X-CES-Idempotency-Key; removed like it. */
export const RESEND_IDEMPOTENCY_HEADER = "Resend-Idempotency-Key";
