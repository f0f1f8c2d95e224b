// The MX (docs/bounces.md, "Inbound MX"): inbound SMTP for the return-path
// addresses of every message we send (bounces and complaints) and for hosted
// mailboxes (docs/mailboxes.md, "Receiving mail"). No AUTH; STARTTLS with the mail certificate. Each
// stage answers as early as it can: connections at connect (per address, with
// a share kept for new addresses: mx-connection-guard.ts), the
// per-address message rate and unknown-recipient count at MAIL FROM, every
// recipient at RCPT (routed, or 550 5.1.1), size, header syntax and MIME
// structure at DATA; the message then goes to
// the handler of each kind of destination its recipients have. Built on the
// listener skeleton (server/mail/listener/smtp-listener.ts).
import type { SMTPServer, SMTPServerAddress } from "smtp-server";
import type { Env } from "@/server/config/env";
import { ipRateLimitSubject } from "@/server/services/rate-limit/ip-rate-limit-subject";
import { logger } from "@/server/logger";
import { createSmtpListener } from "@/server/mail/listener/smtp-listener";
import { SmtpReply, smtpReplies } from "@/server/mail/reply-codes";
import type { TlsCredentials } from "@/server/security/tls-credentials";
import { hitRateLimit, peekRateLimits } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
import type { Destination } from "./inbound-message";
import { mxConnectionGuard } from "./mx-connection-guard";
import { MAX_MX_BYTES, MAX_MX_RECIPIENTS, MAX_REFUSED_RECIPIENTS, SESSION_TIME_LIMIT_MS } from "./mx-limits";
import { receiveMessage } from "./received-message";
import { routeRecipient } from "./route-recipient";

type Options = { config: Env; tls: TlsCredentials };

export function createMxServer({ config, tls }: Options): SMTPServer {
  const refused = new Map<string, number>();
  // Where each accepted RCPT goes, keyed by the very address object smtp-server keeps in the envelope.
  const destinations = new WeakMap<SMTPServerAddress, Destination>();
  const log = logger().child({ listener: "mx" });

  const setup = {
    config,
    tls,
    maxBytes: MAX_MX_BYTES,
    sessionTimeLimitMs: SESSION_TIME_LIMIT_MS,
    log,
    label: "mx",
    options: { authOptional: true, disabledCommands: ["AUTH"] },
  };

  const listener = createSmtpListener(setup, {
    admit: (session) => guard.admit(session.id, ipRateLimitSubject(session.remoteAddress)) === "admitted",

    release(session) {
      refused.delete(session.id);
      guard.release(session.id);
    },

    async mailFrom(_address, session) {
      const subject = ipRateLimitSubject(session.remoteAddress);
      const [rate, [guessing]] = await Promise.all([
        hitRateLimit(policy("mxMessagesPerIp"), subject),
        peekRateLimits([{ policy: policy("mxUnknownRecipientsPerIp"), subject }]),
      ]);
      if (guessing!.limited) throw new SmtpReply("tooManyRefusedRecipients");
      if (rate.limited) throw new SmtpReply("inboundRateLimited");
    },

    async rcptTo(address, session) {
      if (session.envelope.rcptTo.length >= MAX_MX_RECIPIENTS)
        throw new SmtpReply("tooManyRecipients", `at most ${MAX_MX_RECIPIENTS} per message`);
      const destination = await routeRecipient(address.address);
      if (destination) {
        destinations.set(address, destination);
        return;
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
    },

    async message(data, session) {
      const routed = session.envelope.rcptTo.flatMap((rcpt) => destinations.get(rcpt) ?? []);
      await receiveMessage(data, session, routed);
      log.info(
        { session: session.id, bytes: data.length, recipients: routed.map((destination) => destination.kind) },
        "mx message received",
      );
      return smtpReplies.received.text;
    },
  });

  const guard = mxConnectionGuard(listener, { maxClients: config.SMTP_MAX_CLIENTS, maxPerAddress: config.SMTP_MAX_CLIENTS_PER_IP });
  return listener.server;
}
