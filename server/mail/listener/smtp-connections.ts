// What our listeners do to smtp-server's open connections (its typed
// `server.connections` set, read only through the methods below): end sessions that have lasted
// too long in all (idle ones are ended by socketTimeout), put our enhanced
// codes on the few replies smtp-server writes itself (its own texts carry
// none while hideENHANCEDSTATUSCODES is on, which our other replies need),
// and leave AUTH out of EHLO until TLS is up.
import type { SMTPServer } from "smtp-server";
import { type SmtpReplyName, smtpReplies } from "@/server/mail/reply-codes";

/** Ends a session with one of our 421 replies (smtp-server closes the connection after a 421). */
export function endSession(connection: { send(code: number, data: string): void }, reply: SmtpReplyName): void {
  connection.send(smtpReplies[reply].code, smtpReplies[reply].text);
}

/** Every session older than `limitMs` (by `startedAt`, session id → start) gets 421 and is closed. */
export function limitSessionTime(server: SMTPServer, startedAt: Map<string, number>, limitMs: number): void {
  const sweeper = setInterval(() => {
    for (const connection of server.connections) {
      const started = startedAt.get(connection.id);
      if (started !== undefined && Date.now() - started > limitMs) endSession(connection, "sessionTimeLimit");
    }
  }, 10_000);
  sweeper.unref();
  server.on("close", () => clearInterval(sweeper));
}

/**
 * Called from onConnect: the replies smtp-server writes itself read like ours,
 * with their enhanced code: a declared SIZE over the limit ("552 5.3.4 …") and
 * the idle timeout ("421 4.4.2 …").
 */
export function useOwnReplies(server: SMTPServer, sessionId: string, maxBytes: number): void {
  const rewrite = (code: number, data: string): string =>
    code === 552 && data.startsWith("Error: message exceeds fixed maximum message size")
      ? `${smtpReplies.messageTooLarge.text}: at most ${maxBytes} bytes`
      : code === 421 && data === "Timeout - closing connection"
        ? smtpReplies.idleTimeout.text
        : code === 538 && data === "Error: Must issue a STARTTLS command first"
          ? smtpReplies.encryptionRequired.text
          : data;
  for (const connection of server.connections) {
    if (connection.id !== sessionId) continue;
    const send = connection.send.bind(connection);
    connection.send = (code, data, context) => send(code, typeof data === "string" ? rewrite(code, data) : data, context);
    return;
  }
}

/**
 * Called from onConnect in production: EHLO before STARTTLS does not offer
 * AUTH (smtp-server advertises it whenever it is on, and allowInsecureAuth
 * off only refuses the command), so clients never send a password in clear.
 */
export function advertiseAuthAfterTls(server: SMTPServer, sessionId: string): void {
  for (const connection of server.connections) {
    if (connection.id !== sessionId) continue;
    const send = connection.send.bind(connection);
    connection.send = (code, data, context) =>
      send(
        code,
        code === 250 && Array.isArray(data) && !connection.secure ? data.filter((line) => !line.startsWith("AUTH ")) : data,
        context,
      );
    return;
  }
}
