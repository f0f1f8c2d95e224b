// The skeleton both SMTP front doors (submission and MX) are built on
// (docs/architecture.md, "Mail plane"): the common options, the session's
// admission and its end, our own texts on smtp-server's replies, the session
// time limit, DATA read under the process's memory budget, and one bridge
// from our async handlers to smtp-server's callbacks, where a thrown
// SmtpReply is the reply and anything else a temporary failure. A listener
// supplies only what differs: who may connect and what each stage checks.
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerAuthentication,
  type SMTPServerOptions,
  type SMTPServerSession,
} from "smtp-server";
import type { Env } from "@/server/config/env";
import type { Logger } from "pino";
import { SmtpReply, smtpReplyFor } from "@/server/mail/reply-codes";
import type { TlsCredentials } from "@/server/security/tls-credentials";
import { commonListenerOptions } from "./listener-options";
import { dataBudget, readMessageData } from "./read-message-data";
import { limitSessionTime, useOwnReplies } from "./smtp-connections";

export type ListenerSetup = {
  config: Env;
  tls: TlsCredentials;
  maxBytes: number;
  sessionTimeLimitMs: number;
  /** The listener's own logger; its messages start with `label` ("smtp", "mx"). */
  log: Logger;
  label: string;
  /** Options of this listener only (TLS mode, AUTH), on top of the common ones. */
  options?: SMTPServerOptions;
};

export type ListenerStages = {
  /** Whether a new session may stay; false is answered 421 and the session ends. */
  admit(session: SMTPServerSession): boolean;
  /** Every session's end, `admitted` or not. */
  release(session: SMTPServerSession, admitted: boolean): void;
  /** Called for an admitted session before its greeting. */
  connected?(server: SMTPServer, session: SMTPServerSession): void;
  /** The principal the credentials name; throw an SmtpReply to refuse them. */
  auth?(auth: SMTPServerAuthentication, session: SMTPServerSession): Promise<unknown>;
  mailFrom?(address: SMTPServerAddress, session: SMTPServerSession): Promise<void>;
  rcptTo?(address: SMTPServerAddress, session: SMTPServerSession): Promise<void>;
  /** The message, read whole within the size limit and the budget; returns the text of the 250 reply. */
  message(data: Buffer, session: SMTPServerSession): Promise<string>;
};

export type SmtpListener = {
  server: SMTPServer;
  /** Whether one of our handlers is working for the session: its client waits for us and is not idle. */
  handlerPending(sessionId: string): boolean;
};

export function createSmtpListener(setup: ListenerSetup, stages: ListenerStages): SmtpListener {
  const { log, label, maxBytes } = setup;
  const startedAt = new Map<string, number>();
  const pending = new Set<string>();

  /** Runs `work` for the session and answers smtp-server's callback with its result or its reply. */
  function answer<T>(
    session: SMTPServerSession,
    callback: (error?: Error | null, result?: T) => void,
    work: () => Promise<T>,
    unexpected?: string,
  ): void {
    pending.add(session.id);
    work().then(
      (result) => {
        pending.delete(session.id);
        callback(null, result);
      },
      (error: unknown) => {
        pending.delete(session.id);
        if (unexpected && !(error instanceof SmtpReply)) log.error({ session: session.id, err: error }, `${label} ${unexpected}`);
        callback(smtpReplyFor(error));
      },
    );
  }

  const server: SMTPServer = new SMTPServer({
    ...commonListenerOptions(setup.config, setup.tls, maxBytes),
    ...setup.options,

    onConnect(session, callback) {
      if (!stages.admit(session)) return callback(new SmtpReply("tooManyConnections"));
      startedAt.set(session.id, Date.now());
      useOwnReplies(server, session.id, maxBytes);
      stages.connected?.(server, session);
      callback();
    },

    onClose(session) {
      pending.delete(session.id);
      stages.release(session, startedAt.delete(session.id));
    },

    onAuth(auth, session, callback) {
      const check = stages.auth;
      if (!check) return callback(new SmtpReply("badCredentials"));
      answer(session, callback, async () => ({ user: await check(auth, session) }));
    },

    onMailFrom(address, session, callback) {
      answer(session, callback, async () => stages.mailFrom?.(address, session));
    },

    onRcptTo(address, session, callback) {
      answer(session, callback, async () => stages.rcptTo?.(address, session), "recipient lookup failed");
    },

    onData(stream, session, callback) {
      answer(
        session,
        callback,
        async () => {
          const { data, held, overBudget } = await readMessageData(stream);
          try {
            if (overBudget) throw new SmtpReply("busy");
            if (!data) throw new SmtpReply("messageTooLarge", `at most ${maxBytes} bytes`);
            return await stages.message(data, session);
          } finally {
            dataBudget.give(held);
          }
        },
        "message not accepted",
      );
    },
  });

  // A session may last this long in all, however busy the client keeps it.
  limitSessionTime(server, startedAt, setup.sessionTimeLimitMs);
  server.on("error", (error) => log.warn({ err: error }, `${label} connection error`));
  return { server, handlerPending: (sessionId) => pending.has(sessionId) };
}
