// The header lines a hosted mailbox's copy gains at the MX: a Received line
// and our Authentication-Results (docs/mailboxes.md, "Receiving mail"), put on
// top by prependTraceHeaders (server/message-format/trace-headers.ts),
// which also drops the sender's copies of ours.
import type { AuthenticationSummary } from "@/server/mail/mx/authentication/authenticate-inbound";
import { oneField } from "@/server/message-format/trace-headers";

const METHODS = ["spf", "dkim", "dmarc"] as const;

/** `Authentication-Results: <host>; spf=…; dkim=…; dmarc=…`: mailauth's lines, with any of the three it left out added. */
export function authenticationResultsHeader(summary: AuthenticationSummary, hostname: string): string {
  const prefix = `Authentication-Results: ${hostname};`;
  // Without results (the checks failed or timed out) mailauth's line is `<host>; none (<reason>)`.
  const unavailable = /^[^;]*;\s*none \(([^)]*)\)$/.exec(summary.headers);
  const lines = summary.headers.startsWith(prefix) && !unavailable ? [summary.headers] : [prefix.slice(0, -1)];
  const comment = unavailable ? ` (${unavailable[1]})` : "";
  for (const method of METHODS) {
    if (!new RegExp(`[;\\s]${method}=`).test(lines[0]!)) lines.push(`${method}=${summary[method]}${comment}`);
  }
  return oneField(lines.join(";\r\n "));
}

/** `Received: from <helo> ([ip]) by <host> with ESMTP id <session>; <date>` (RFC 5321 §4.4). */
export function receivedHeader(input: { helo: string; remoteAddress: string; sessionId: string; hostname: string; date?: Date }): string {
  const helo =
    input.helo
      .replace(/[^\x21-\x7e]/g, "")
      .replace(/[()[\]\\;]/g, "")
      .slice(0, 255) || "unknown";
  const date = (input.date ?? new Date()).toUTCString().replace("GMT", "+0000");
  return `Received: from ${helo} ([${input.remoteAddress}])\r\n\tby ${input.hostname} with ESMTP id ${input.sessionId};\r\n\t${date}`;
}
