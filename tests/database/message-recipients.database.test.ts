// Whom a stored message was sent to, as the MX reads it: the recipients a
// message-wide delivery report counts for, and the addresses a return path's
// recipient-bound token may name (docs/bounces.md, "Return path (VERP)").
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { messageContents, messages } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { findMessageRecipients } from "@/server/services/messages/find-message-recipients";
import { findReturnPathRecipients } from "@/server/services/messages/find-return-path-recipients";
import { storedAccount } from "../support/stored-records";

async function storedMessage(envelopeTo?: string[]): Promise<string> {
  const account = await storedAccount();
  const id = newId("msg");
  await db()
    .insert(messages)
    .values({
      id,
      accountId: account.id,
      fromDomain: "example.com",
      from: "Sender <sender@example.com>",
      to: ["Ada <Ada@Example.com>", "grace@example.org"],
      cc: ["ADA@example.com"],
      bcc: ["alan@example.net"],
      subject: "Hello",
      messageIdHeader: `<${id}@example.com>`,
    });
  if (envelopeTo) await db().insert(messageContents).values({ messageId: id, envelopeFrom: "sender@example.com", envelopeTo });
  return id;
}

describe("a stored message's recipients", () => {
  it("are its to, cc and bcc in lower case, each once", async () => {
    const id = await storedMessage();
    expect(await findMessageRecipients(id)).toEqual(["ada@example.com", "grace@example.org", "alan@example.net"]);
  });

  it("for a return path, add the envelope recipients of a message submitted over SMTP", async () => {
    const submitted = await storedMessage(["hidden@example.net"]);
    expect(await findReturnPathRecipients(submitted)).toEqual([
      "ada@example.com",
      "grace@example.org",
      "alan@example.net",
      "hidden@example.net",
    ]);
    const sent = await storedMessage();
    expect(await findReturnPathRecipients(sent)).toEqual(["ada@example.com", "grace@example.org", "alan@example.net"]);
  });

  it("are null for a message that is gone", async () => {
    expect(await findMessageRecipients("msg_000000000000000000000000")).toBeNull();
    expect(await findReturnPathRecipients("msg_000000000000000000000000")).toBeNull();
  });
});
