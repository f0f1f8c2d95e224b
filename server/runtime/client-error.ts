// Requests Node's HTTP parser refuses before any route sees them (a request
// line or headers over the 16 KiB limit, malformed HTTP). Node would answer
// with an empty body; we answer the error envelope like every other refusal.
import type { Socket } from "node:net";
import { errorStatus } from "@/shared/api/errors";

const reasons: Record<number, string> = { 400: "Bad Request", 431: "Request Header Fields Too Large" };

function rawEnvelope(status: number, code: string, message: string): string {
  const body = JSON.stringify({ success: false, message, data: { code } });
  return [
    `HTTP/1.1 ${status} ${reasons[status]}`,
    "content-type: application/json; charset=utf-8",
    "cache-control: no-store",
    `content-length: ${Buffer.byteLength(body)}`,
    "connection: close",
    "",
    body,
  ].join("\r\n");
}

export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // Nothing to answer on a dead socket, or once a response to this request has begun.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const answer =
    error.code === "HPE_HEADER_OVERFLOW"
      ? rawEnvelope(
          errorStatus.request_header_too_large,
          "request_header_too_large",
          "The request line and headers are larger than 16 KiB.",
        )
      : rawEnvelope(errorStatus.validation_error, "validation_error", "The request is not valid HTTP.");
  socket.end(answer);
}
