// The MX's limits (docs/bounces.md, "Inbound MX").
import { MAX_MESSAGE_BYTES } from "@/shared/schemas/message-attachments";

/** Largest message accepted, advertised with SIZE: the same 25 MB as sending. */
export const MAX_MX_BYTES = MAX_MESSAGE_BYTES;
/** Recipients per message (RFC 5321 asks a server to take at least 100). */
export const MAX_MX_RECIPIENTS = 100;
/** Refused recipients in one session before it is closed: token guessing gets nowhere fast. */
export const MAX_REFUSED_RECIPIENTS = 20;
/** RFC 5322's limit for a header line, without its CRLF. */
export const MAX_HEADER_LINE_LENGTH = 998;
/** The whole header block of the message. */
export const MAX_HEADER_BYTES = 256 * 1024;
/** MIME parts read in a report; more (a multipart bomb) refuses the message. */
export const MAX_MIME_PARTS = 100;
/** The header block of one MIME part. */
export const MAX_PART_HEADER_BYTES = 64 * 1024;
/** Idle time allowed between commands (SMTP_IDLE_TIMEOUT_SECONDS overrides it), and one session in all. */
export const SESSION_TIME_LIMIT_MS = 15 * 60_000;
/** How long SPF/DKIM/DMARC/ARC checks of one message may take before they are recorded as temporary errors. */
export const AUTHENTICATION_TIME_LIMIT_MS = 10_000;
/** DKIM signatures verified per message, those aligned with the From domain first: each may wait for a key record. */
export const MAX_DKIM_SIGNATURES = 3;
/** Connections one address (an IPv6 /64) may hold at the MX: fewer than submission's SMTP_MAX_CLIENTS_PER_IP (the lower of the two applies). */
export const MAX_MX_CONNECTIONS_PER_ADDRESS = 5;
/** The share of SMTP_MAX_CLIENTS kept for addresses with no connection open. */
export const NEW_ADDRESS_SHARE = 0.2;
/** Past the share above, sessions that have sent nothing for this long are closed to make room. */
export const SHED_IDLE_MS = 10_000;
