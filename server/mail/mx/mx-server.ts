// The MX (docs/bounces.md, "Inbound MX"): inbound SMTP for the return-path
// addresses of every message we send (bounces and complaints) and for hosted
// mailboxes (docs/mailboxes.md, "Receiving mail"). No AUTH; STARTTLS with the mail certificate. Each
// stage answers as early as it can: connections at connect (per address, with
// a share kept for new addresses: mx-connection-guard.ts), the
// per-address message rate and unknown-recipient count at MAIL FROM, every
// recipient at RCPT (routed, or 550 5.1.1), size, header syntax and MIME
// structure at DATA; the message then goes to
// the handler of each kind of destination its recipients have.
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import type { Env } from "@/server/env";
import { ipRateLimitSubject } from "@/server/services/rate-limit/ip-rate-limit-subject";
import { logger } from "@/server/logger";
import { commonListenerOptions } from "@/server/mail/listener-options";
import { dataBudget, readMessageData } from "@/server/mail/read-message-data";
import { SmtpReply, smtpReplyFor } from "@/server/mail/reply-codes";
import { limitSessionTime, useOwnReplies } from "@/server/mail/smtp-connections";
import type { TlsCredentials } from "@/server/mail/tls-credentials";
import { hitRateLimit, peekRateLimits } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
import { authenticateInbound, type AuthenticationSummary } from "./authenticate-inbound";
import { checkInboundHeader } from "./check-inbound-header";
import { checkMimeStructure } from "./check-mime-structure";
import { deliverInbound, type InboundMessage } from "./deliver-inbound";
import { mxConnectionGuard } from "./mx-connection-guard";
import { MAX_MX_BYTES, MAX_MX_RECIPIENTS, MAX_REFUSED_RECIPIENTS, SESSION_TIME_LIMIT_MS } from "./mx-limits";
import { type Destination, routeRecipient } from "./route-recipient";

type Options = { config: Env; tls: TlsCredentials };

export function createMxServer({ config, tls }: Options): SMTPServer {
  const startedAt = new Map<string, number>();
  const refused = new Map<string, number>();
  // Where each accepted RCPT goes, keyed by the very address object smtp-server keeps in the envelope.
  const destinations = new WeakMap<SMTPServerAddress, Destination>();
  const log = logger().child({ listener: "mx" });

  const server = new SMTPServer({
    ...commonListenerOptions(config, tls, MAX_MX_BYTES),
    authOptional: true,
    disabledCommands: ["AUTH"],

    onConnect(session, callback) {
      if (guard.admit(session.id, ipRateLimitSubject(session.remoteAddress)) !== "admitted")
        return callback(new SmtpReply("tooManyConnections"));
      startedAt.set(session.id, Date.now());
      useOwnReplies(server, session.id, MAX_MX_BYTES);
      callback();
    },

    onClose(session) {
      refused.delete(session.id);
      startedAt.delete(session.id);
      guard.release(session.id);
    },

    onMailFrom(_address, session, callback) {
      void (async () => {
        const subject = ipRateLimitSubject(session.remoteAddress);
        const [rate, [guessing]] = await Promise.all([
          hitRateLimit(policy("mxMessagesPerIp"), subject),
          peekRateLimits([{ policy: policy("mxUnknownRecipientsPerIp"), subject }]),
        ]);
        if (guessing!.limited) throw new SmtpReply("tooManyRefusedRecipients");
        if (rate.limited) throw new SmtpReply("inboundRateLimited");
        callback();
      })().catch((error: unknown) => callback(smtpReplyFor(error)));
    },

    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_MX_RECIPIENTS)
        return callback(new SmtpReply("tooManyRecipients", `at most ${MAX_MX_RECIPIENTS} per message`));
      void (async () => {
        const destination = await routeRecipient(address.address);
        if (destination) {
          destinations.set(address, destination);
          return callback();
        }
        const count = (refused.get(session.id) ?? 0) + 1;
        refused.set(session.id, count);
        // Counted per address across sessions and instances too: reconnecting does not start the count again.
        const guessing = await hitRateLimit(policy("mxUnknownRecipientsPerIp"), ipRateLimitSubject(session.remoteAddress));
        log.info(
          { session: session.id, remoteAddress: session.remoteAddress, recipient: address.address.slice(0, 200) },
          "mx recipient refused",
        );
        throw new SmtpReply(count >= MAX_REFUSED_RECIPIENTS || guessing.limited ? "tooManyRefusedRecipients" : "unknownRecipient");
      })().catch((error: unknown) => {
        if (!(error instanceof SmtpReply)) log.error({ session: session.id, err: error }, "mx recipient lookup failed");
        callback(smtpReplyFor(error));
      });
    },

    onData(stream, session, callback) {
      void (async () => {
        const { data, held, overBudget } = await readMessageData(stream);
        try {
          if (overBudget) throw new SmtpReply("busy");
          if (!data) throw new SmtpReply("messageTooLarge", `at most ${MAX_MX_BYTES} bytes`);
          checkInboundHeader(data);
          await checkMimeStructure(data);
          const routed = session.envelope.rcptTo.flatMap((rcpt) => destinations.get(rcpt) ?? []);
          let authentication: Promise<AuthenticationSummary> | undefined;
          const message: InboundMessage = {
            raw: data,
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            remoteAddress: session.remoteAddress,
            helo: session.hostNameAppearsAs ?? "",
            sessionId: session.id,
            authentication: () => {
              authentication ??= authenticateInbound(data, {
                ip: session.remoteAddress,
                helo: session.hostNameAppearsAs ?? "",
                mailFrom: message.mailFrom,
              });
              return authentication;
            },
          };
          await deliverInbound(message, routed);
          log.info(
            { session: session.id, bytes: data.length, recipients: routed.map((destination) => destination.kind) },
            "mx message received",
          );
          callback(null, "2.0.0 Ok");
        } finally {
          dataBudget.give(held);
        }
      })().catch((error: unknown) => {
        if (!(error instanceof SmtpReply)) log.error({ session: session.id, err: error }, "mx message not accepted");
        callback(smtpReplyFor(error));
      });
    },
  });

  const guard = mxConnectionGuard(server, { maxClients: config.SMTP_MAX_CLIENTS, maxPerAddress: config.SMTP_MAX_CLIENTS_PER_IP });
  limitSessionTime(server, startedAt, SESSION_TIME_LIMIT_MS);
  server.on("error", (error) => log.warn({ err: error }, "mx connection error"));
  return server;
}
