import { describe, expect, it } from "vitest";
import { guidOfMessageId, mailboxMessageId } from "@/server/services/webmail/message-ids";

describe("webmail message ids", () => {
  it("carries a Dovecot Maildir GUID and gives it back", () => {
    const guid = "1795783710.M803065P15830.vm,S=371,W=384";
    const id = mailboxMessageId(guid);
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(guidOfMessageId(id)).toBe(guid);
  });

  it("answers null for anything it did not make", () => {
    for (const id of [
      "",
      "1.42",
      "a b",
      "x".repeat(301),
      mailboxMessageId("with space"),
      mailboxMessageId("\u00e9t\u00e9"),
      "bm8tc3VjaA==",
    ]) {
      expect(guidOfMessageId(id), id).toBeNull();
    }
    // A second spelling of the same bytes (non-zero padding bits) is not accepted either.
    expect(guidOfMessageId("YR")).toBeNull();
  });
});
