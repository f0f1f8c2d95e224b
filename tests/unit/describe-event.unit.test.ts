// The dashboard's recent events in words, each linking to its object's page
// (features/events/describe-event.ts).
import { describe, expect, it } from "vitest";
import { describeEvent } from "@/features/events/describe-event";
import type { FeedEvent } from "@/shared/schemas/events";

const event = (type: string, object: { type: string; id: string }, detail: Record<string, unknown>) =>
  ({ id: "evt_1", type, createdAt: "2026-11-27T10:00:00.000Z", object, detail }) as FeedEvent;

describe("describeEvent", () => {
  it("names a message event's recipient and links to the message", () => {
    expect(
      describeEvent(event("message.bounced", { type: "message", id: "msg_abc" }, { recipient: "gone@example.org", bounceType: "hard" })),
    ).toEqual({ text: "Bounced (hard): gone@example.org", href: "/messages/msg_abc" });
    expect(describeEvent(event("message.delivered", { type: "message", id: "msg_abc" }, { recipient: "ada@example.org" }))).toEqual({
      text: "Delivered: ada@example.org",
      href: "/messages/msg_abc",
    });
    expect(describeEvent(event("message.queued", { type: "message", id: "msg_abc" }, {}))).toEqual({
      text: "Queued",
      href: "/messages/msg_abc",
    });
  });

  it("links a subscription change to that address's subscriptions, saying how it was made", () => {
    const changed = (status: string, source: string) =>
      describeEvent(
        event(
          "subscription.changed",
          { type: "subscription", id: "x@example.org" },
          { email: "x@example.org", topicId: "top_1", status, source },
        ),
      );
    expect(changed("unsubscribed", "one_click")).toEqual({
      text: "x@example.org unsubscribed from a topic (one-click link)",
      href: "/topics?email=x%40example.org",
    });
    expect(changed("subscribed", "api").text).toBe("x@example.org subscribed to a topic");
    expect(changed("unsubscribed", "preference_page").text).toBe("x@example.org unsubscribed from a topic (preference page)");
  });

  it("links suppression changes to the suppression list and domain changes to the domains", () => {
    expect(
      describeEvent(event("suppression.added", { type: "suppression", id: "x@example.org" }, { email: "x@example.org", reason: "manual" })),
    ).toEqual({ text: "x@example.org added to the suppression list", href: "/suppressions" });
    expect(describeEvent(event("suppression.removed", { type: "suppression", id: "x@example.org" }, { email: "x@example.org" }))).toEqual({
      text: "x@example.org removed from the suppression list",
      href: "/suppressions",
    });
    expect(describeEvent(event("domain.verified", { type: "domain", id: "dom_1" }, { name: "shop.example.net" }))).toEqual({
      text: "shop.example.net verified",
      href: "/domains",
    });
    expect(describeEvent(event("domain.failed", { type: "domain", id: "dom_1" }, { name: "shop.example.net" })).text).toBe(
      "shop.example.net failed verification",
    );
  });

  it("links a mailbox event to the mailbox's inbox, with the sender and subject", () => {
    expect(
      describeEvent(
        event(
          "mailbox.received",
          { type: "mailbox", id: "mbx_1" },
          { mailbox: "ada@shop.example.net", from: "grace@example.org", subject: "Lunch?", folder: "INBOX", spamScore: null },
        ),
      ),
    ).toEqual({ text: "ada@shop.example.net received mail from grace@example.org: Lunch?", href: "/mailboxes/mbx_1/inbox" });
    expect(
      describeEvent(
        event("mailbox.received", { type: "mailbox", id: "mbx_1" }, { mailbox: "ada@shop.example.net", from: null, subject: null }),
      ).text,
    ).toBe("ada@shop.example.net received mail");
  });
});
