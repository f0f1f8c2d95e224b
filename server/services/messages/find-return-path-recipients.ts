// Whom a return-path token of a message may name: every recipient the message
// was handed off to, that is its to, cc and bcc and, for a message submitted
// over SMTP, its envelope recipients (docs/bounces.md, "Return path (VERP)").
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { messageContents, messages } from "@/server/db/schema";
import { recipientAddressesOf } from "./recipient-addresses";

/** The addresses a recipient-bound token of the message may name, or null when the message is gone. */
export async function findReturnPathRecipients(messageId: string): Promise<string[] | null> {
  const [message] = await db()
    .select({ to: messages.to, cc: messages.cc, bcc: messages.bcc, envelopeTo: messageContents.envelopeTo })
    .from(messages)
    .leftJoin(messageContents, eq(messageContents.messageId, messages.id))
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!message) return null;
  return [...recipientAddressesOf(message), ...(message.envelopeTo ?? [])];
}
