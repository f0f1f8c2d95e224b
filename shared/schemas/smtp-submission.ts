// The figures and names customers see in their SMTP settings (GET /sending/smtp, docs/smtp.md).
import { MAX_MESSAGE_BYTES } from "@/shared/schemas/message-attachments";

export const SUBMISSION_USERNAME = "apikey";
/** Largest message accepted, advertised with SIZE: the sending API's limit. */
export const MAX_SUBMISSION_BYTES = MAX_MESSAGE_BYTES;
/** Optional headers that steer the service; removed before the message is signed. */
export const CONTROL_HEADER_NAMES = { tags: "X-CES-Tags", idempotencyKey: "X-CES-Idempotency-Key", topic: "X-CES-Topic" } as const;
