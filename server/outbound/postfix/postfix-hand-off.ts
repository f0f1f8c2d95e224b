// Hands a message to Postfix (the child's loopback listener, or POSTFIX_URL)
// over pooled SMTP, asking for delivery reports: RET=HDRS, ENVID = the
// message's id, NOTIFY=SUCCESS,FAILURE,DELAY for its recipient. Postfix mails
// them to the message's return path (VERP), which our MX reads
// (docs/delivery.md, "Delivery reports").
import nodemailer, { type Transporter } from "nodemailer";
import type { HandOff, RawMessage } from "@/server/outbound/message";
import { type DsnRequest, sendRawVia } from "@/server/outbound/smtp-hand-off";
import { socketsWithoutDelay } from "@/server/outbound/smtp-client-socket";
import { smtpUrlOptions } from "@/server/outbound/smtp-url";
import { queueIdOf } from "./delivery-log";

const pools = new Map<string, Transporter>();

function poolFor(url: string): Transporter {
  let pool = pools.get(url);
  if (!pool) {
    pool = nodemailer.createTransport({
      ...smtpUrlOptions(url),
      pool: true,
      maxConnections: 8,
      maxMessages: 1_000,
      // Loopback or the operator's own network: no TLS to negotiate, and a quick answer when Postfix is down.
      ignoreTLS: true,
      connectionTimeout: 5_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      getSocket: socketsWithoutDelay(5_000),
    } as never);
    pools.set(url, pool);
  }
  return pool;
}

export const deliveryReportsFor = (messageId: string): DsnRequest => ({
  ret: "HDRS",
  envid: messageId,
  notify: ["SUCCESS", "FAILURE", "DELAY"],
});

/** Its answer, with the queue ID Postfix gave the copy (its reply to DATA). */
export async function handOffToPostfix(url: string, message: RawMessage, messageId: string): Promise<HandOff> {
  const { response, ...handOff } = await sendRawVia(poolFor(url), message, deliveryReportsFor(messageId));
  return { ...handOff, queueId: handOff.accepted.length > 0 ? queueIdOf(response) : null };
}
