// Hands a message to Postfix (the child's hand-off socket, or POSTFIX_URL)
// over pooled SMTP, asking for delivery reports: RET=HDRS, ENVID = the
// message's id, NOTIFY=FAILURE,DELAY for its recipient, and SUCCESS too from
// an operator's Postfix (the child's deliveries are read from its log, which
// says so at once: docs/delivery.md, "Each recipient's fate"). Postfix mails
// them to the message's return path (VERP), which our MX reads
// (docs/delivery.md, "Delivery reports").
import nodemailer, { type Transporter } from "nodemailer";
import type { HandOff, RawMessage } from "@/server/outbound/message";
import { type DsnRequest, sendRawVia } from "@/server/outbound/smtp-hand-off";
import { socketsWithoutDelay } from "@/server/outbound/smtp-client-socket";
import { smtpUrlOptions } from "@/server/outbound/smtp-url";
import { queueIdOf } from "./delivery-log";
import type { PostfixHandOff } from "./postfix-env";

/**
 * nodemailer's connection options for a hand-off to Postfix: the operator's over TCP, or the child's unix-domain
 * socket (only root, which the service runs as, and Postfix may enter its directory: docs/delivery.md). No TLS to
 * negotiate on either (loopback, or the operator's own network), and a quick answer when Postfix is down.
 */
export function postfixConnection(handOff: PostfixHandOff) {
  const common = { ignoreTLS: true, connectionTimeout: 5_000, greetingTimeout: 10_000, socketTimeout: 60_000 };
  if ("url" in handOff) return { ...smtpUrlOptions(handOff.url), ...common, getSocket: socketsWithoutDelay(5_000) };
  const socket = { path: handOff.socket };
  return { host: "localhost", ...common, getSocket: socketsWithoutDelay(5_000, async () => socket) };
}

const pools = new Map<string, Transporter>();

function poolFor(handOff: PostfixHandOff): Transporter {
  const key = "url" in handOff ? handOff.url : handOff.socket;
  let pool = pools.get(key);
  if (!pool) {
    pool = nodemailer.createTransport({ ...postfixConnection(handOff), pool: true, maxConnections: 8, maxMessages: 1_000 } as never);
    pools.set(key, pool);
  }
  return pool;
}

export const deliveryReportsFor = (messageId: string, handOff: PostfixHandOff): DsnRequest => ({
  ret: "HDRS",
  envid: messageId,
  notify: "url" in handOff ? ["SUCCESS", "FAILURE", "DELAY"] : ["FAILURE", "DELAY"],
});

/** Its answer, with the queue ID Postfix gave the copy (its reply to DATA). */
export async function handOffToPostfix(to: PostfixHandOff, message: RawMessage, messageId: string): Promise<HandOff> {
  const { response, ...handOff } = await sendRawVia(poolFor(to), message, deliveryReportsFor(messageId, to));
  return { ...handOff, queueId: handOff.accepted.length > 0 ? queueIdOf(response) : null };
}
