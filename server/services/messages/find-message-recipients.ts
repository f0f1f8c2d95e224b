// The recipients of a stored message (to, cc and bcc), for a delivery report
// whose return path names the whole message rather than one recipient of it.
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messages } from "@/server/db/schema";
import { recipientAddressesOf } from "./recipient-addresses";

/** The message's recipient addresses (lower case, each once), or null when the message is gone. */
export async function findMessageRecipients(messageId: string): Promise<string[] | null> {
  const [row] = await db().select({ to: messages.to, cc: messages.cc, bcc: messages.bcc }).from(messages).where(eq(messages.id, messageId));
  if (!row) return null;
  return recipientAddressesOf(row);
}
