// What the MX and the Postfix reports listener do with a message once DATA
// is in: the same header and MIME checks, the same lazily checked
// SPF/DKIM/DMARC results, and the same delivery to each recipient's
// destination (docs/bounces.md), so a report is handled alike whichever door
// it came through.
import type { SMTPServerSession } from "smtp-server";
import { type AuthenticationSummary, authenticateInbound } from "./authentication/authenticate-inbound";
import { checkInboundHeader } from "./check-inbound-header";
import { checkMimeStructure } from "./check-mime-structure";
import { deliverInbound } from "./deliver-inbound";
import type { Destination, InboundMessage } from "./inbound-message";

/**
 * Checks `data` (throws an SmtpReply when it is refused) and delivers it to `destinations`.
 * `fromOwnPostfix`: the reports listener's messages (see InboundMessage).
 */
export async function receiveMessage(
  data: Buffer,
  session: SMTPServerSession,
  destinations: Destination[],
  { fromOwnPostfix = false } = {},
): Promise<void> {
  checkInboundHeader(data);
  await checkMimeStructure(data);
  await deliverInbound(inboundMessageOf(data, session, fromOwnPostfix), destinations);
}

function inboundMessageOf(raw: Buffer, session: SMTPServerSession, fromOwnPostfix: boolean): InboundMessage {
  const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
  const helo = session.hostNameAppearsAs ?? "";
  let authentication: Promise<AuthenticationSummary> | undefined;
  return {
    raw,
    mailFrom,
    remoteAddress: session.remoteAddress,
    helo,
    sessionId: session.id,
    fromOwnPostfix,
    authentication: () => {
      authentication ??= authenticateInbound(raw, { ip: session.remoteAddress, helo, mailFrom });
      return authentication;
    },
  };
}
