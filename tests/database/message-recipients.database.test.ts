// Whom a stored message was sent to, as the MX reads it: the recipients a
// message-wide delivery report counts for, and the addresses a return path's
// recipient-bound token may name (docs/bounces.md, "Return path (VERP)").
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { messageContents } from "@/server/db/schema";
import { findMessageRecipients } from "@/server/services/messages/find-message-recipients";
import { findReturnPathRecipients } from "@/server/services/messages/find-return-path-recipients";
import { storedMessage } from "../support/stored-records";

/** A message to Ada (twice) and Grace, Bcc Alan; `envelopeTo`: submitted over SMTP with that envelope. */
async function sentMessage(envelopeTo?: string[]): Promise<string> {
  const id = await storedMessage({
    to: ["Ada <Ada@Example.com>", "grace@example.org"],
    cc: ["ADA@example.com"],
    bcc: ["alan@example.net"],
  });
  if (envelopeTo) await db().insert(messageContents).values({ messageId: id, envelopeFrom: "sender@example.com", envelopeTo });
  return id;
}

describe("a stored message's recipients", () => {
  it("are its to, cc and bcc in lower case, each once", async () => {
    const id = await sentMessage();
    expect(await findMessageRecipients(id)).toEqual(["ada@example.com", "grace@example.org", "alan@example.net"]);
  });

  it("for a return path, add the envelope recipients of a message submitted over SMTP", async () => {
    const submitted = await sentMessage(["hidden@example.net"]);
    expect(await findReturnPathRecipients(submitted)).toEqual([
      "ada@example.com",
      "grace@example.org",
      "alan@example.net",
      "hidden@example.net",
    ]);
    const sent = await sentMessage();
    expect(await findReturnPathRecipients(sent)).toEqual(["ada@example.com", "grace@example.org", "alan@example.net"]);
  });

  it("are null for a message that is gone", async () => {
    expect(await findMessageRecipients("msg_000000000000000000000000")).toBeNull();
    expect(await findReturnPathRecipients("msg_000000000000000000000000")).toBeNull();
  });
});
