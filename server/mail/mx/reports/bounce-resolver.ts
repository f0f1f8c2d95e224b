// Return-path addresses: `<token>@<any domain>` (every customer's return-path
// CNAME points at us, so the domain part says nothing). Only a token that
// verifies and names a message we still have is accepted; a forged or stale
// one gets 550 5.1.1 like any unknown address. A token names one recipient of
// the message (each recipient's copy leaves with its own return path), and
// only reports about that recipient are taken from it; a message-wide token
// (handed off before tokens named a recipient) still counts for the whole
// message (docs/bounces.md, "Return path (VERP)").
import { findReturnPathRecipients } from "@/server/services/messages/find-return-path-recipients";
import { verifyRecipientToken, verifyVerpToken, verpMessageId } from "@/server/services/messages/verp";
import type { BounceDestination, RecipientResolver } from "../inbound-message";

async function resolve(address: string): Promise<BounceDestination | null> {
  const at = address.lastIndexOf("@");
  if (at <= 0) return null;
  const token = address.slice(0, at);
  const messageId = verpMessageId(token);
  if (!messageId) return null;
  const recipients = await findReturnPathRecipients(messageId);
  if (!recipients) return null;
  if (verifyVerpToken(token)) return { kind: "bounce", address, messageId, recipient: null };
  const recipient = verifyRecipientToken(token, recipients);
  return recipient ? { kind: "bounce", address, messageId, recipient } : null;
}

export const bounceResolver: RecipientResolver = { name: "return path (VERP)", resolve };
