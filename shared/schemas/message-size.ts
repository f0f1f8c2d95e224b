// The one message size limit (sending API, SMTP submission, MX), and how people read it.
// No zod here, so the portal can show the figure without loading the schemas.

/** The whole encoded message may be at most this large (bytes): 25 MB, decimal, as docs/smtp.md says. */
export const MAX_MESSAGE_BYTES = 25 * 1000 * 1000;

/** Bytes as the docs and replies write them: "25 MB" (1 MB = 1,000,000 bytes, as SMTP's SIZE counts). */
export const formatMegabytes = (bytes: number): string => `${Number((bytes / 1_000_000).toFixed(1))} MB`;
