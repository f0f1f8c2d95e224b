import { describe, expect, it } from "vitest";
import { filtersFromSearchParams, messagesHref } from "@/features/messages/message-filters";

describe("the messages list's filters in the URL", () => {
  it("reads what the API accepts and drops the rest", () => {
    expect(filtersFromSearchParams({ status: "bounced", tag: "kind:invoice", to: " ada@ ", search: "Invoice" })).toEqual({
      status: "bounced",
      tag: "kind:invoice",
      to: "ada@",
      search: "Invoice",
    });
    expect(filtersFromSearchParams({ status: "lost", tag: "has space", to: "", search: ["first", "second"] })).toEqual({
      status: undefined,
      tag: undefined,
      to: undefined,
      search: "first",
    });
  });

  it("writes them back with the page, leaving out empty ones", () => {
    expect(messagesHref({})).toBe("/messages");
    expect(messagesHref({}, 3)).toBe("/messages?page=3");
    expect(messagesHref({ status: "sent", search: "a b" }, 2)).toBe("/messages?status=sent&search=a+b&page=2");
  });
});
