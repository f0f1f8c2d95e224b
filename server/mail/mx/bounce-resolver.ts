// Return-path addresses: `<token>@<any domain>` (every customer's return-path
// CNAME points at us, so the domain part says nothing). Only a token that
// verifies and names a message we still have is accepted; a forged or stale
// one gets 550 5.1.1 like any unknown address.
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messages } from "@/server/db/schema";
import { verifyVerpToken } from "@/server/services/messages/verp";
import type { BounceDestination, RecipientResolver } from "./route-recipient";

async function resolve(address: string): Promise<BounceDestination | null> {
  const at = address.lastIndexOf("@");
  if (at <= 0) return null;
  const messageId = verifyVerpToken(address.slice(0, at));
  if (!messageId) return null;
  const [message] = await db().select({ id: messages.id }).from(messages).where(eq(messages.id, messageId)).limit(1);
  return message ? { kind: "bounce", address, messageId } : null;
}

export const bounceResolver: RecipientResolver = { name: "return path (VERP)", resolve };
