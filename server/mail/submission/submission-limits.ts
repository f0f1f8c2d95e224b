// The figures and names customers see in their SMTP settings (GET /sending/smtp, docs/smtp.md).
export const SUBMISSION_USERNAME = "apikey";
/** Largest message accepted, advertised with SIZE. */
export const MAX_SUBMISSION_BYTES = 25 * 1024 * 1024;
/** Optional headers that steer the service; removed before the message is signed. */
export const CONTROL_HEADER_NAMES = { tags: "X-CES-Tags", idempotencyKey: "X-CES-Idempotency-Key" } as const;
