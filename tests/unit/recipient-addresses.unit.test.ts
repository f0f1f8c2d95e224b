import { describe, expect, it } from "vitest";
import { recipientAddressesOf } from "@/server/services/messages/recipient-addresses";

describe("recipientAddressesOf", () => {
  it("lists to, cc and bcc as bare addresses in lower case, in that order", () => {
    const message = { to: ["Ada Lovelace <Ada@Example.com>"], cc: ["grace@example.org"], bcc: ["<Alan@Example.net>"] };
    expect(recipientAddressesOf(message)).toEqual(["ada@example.com", "grace@example.org", "alan@example.net"]);
  });

  it("names an address once, where it first appears", () => {
    const message = {
      to: ["ada@example.com", "Grace <grace@example.org>"],
      cc: ["ADA@example.com"],
      bcc: ["grace@EXAMPLE.org", "alan@example.net"],
    };
    expect(recipientAddressesOf(message)).toEqual(["ada@example.com", "grace@example.org", "alan@example.net"]);
  });

  it("leaves out what is not one mailbox", () => {
    const message = { to: ["not an address", "ada@example.com"], cc: ["a@example.com, b@example.com"], bcc: [] };
    expect(recipientAddressesOf(message)).toEqual(["ada@example.com"]);
  });

  it("is empty for a message with no recipients", () => {
    expect(recipientAddressesOf({ to: [], cc: [], bcc: [] })).toEqual([]);
  });
});
