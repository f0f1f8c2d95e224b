// What one attempt's hand-off means (docs/delivery.md, "Each recipient's fate"):
// a table of the answers next hops give and what delivery then writes.
import { describe, expect, it } from "vitest";
import { classifyHandOff, type HandedOff } from "@/server/services/delivery/classify-hand-off";

const messageId = "msg_0123456789abcdef01234567";
const first = { attempt: 1, last: false, sentAt: null };
const lastOne = { attempt: 6, last: true, sentAt: null };

const answered = (result: { accepted?: string[]; refused?: { recipient: string; code: number | null; response: string }[] }, more = {}) =>
  ({
    signed: true,
    via: "relay",
    result: { accepted: result.accepted ?? [], refused: result.refused ?? [] },
    hosted: [],
    queueIds: new Map<string, string>(),
    ...more,
  }) as HandedOff;

const failed = (message: string, responseCode?: number): HandedOff => ({
  signed: true,
  error: Object.assign(new Error(message), responseCode ? { responseCode, response: `${responseCode} ${message}` } : {}),
});

const types = (events: { type: string }[]) => events.map((event) => event.type);

describe("the classification of a hand-off", () => {
  it("accepted by the next hop: sent, with the queue ID Postfix gave it, and done", () => {
    const { settlement, outcome, forgetHosted, log } = classifyHandOff(
      messageId,
      answered({ accepted: ["ada@example.com"] }, { via: "service", queueIds: new Map([["ada@example.com", "4AbC"]]) }),
      { pending: ["ada@example.com"], ...first },
    );
    expect(outcome).toBe("done");
    expect(forgetHosted).toBe(false);
    expect(settlement).toMatchObject({ status: "sent", lastError: null, via: "service", sent: true, pending: null, bounces: [] });
    expect(settlement.events).toMatchObject([{ type: "sent", detail: { via: "service", signed: true, recipients: ["ada@example.com"] } }]);
    expect(settlement.recipients).toEqual([{ email: "ada@example.com", status: "sent", diagnostic: null, queueId: "4AbC" }]);
    expect(log).toEqual({ level: "debug", detail: { via: "service", status: "sent" }, message: "message handed off" });
  });

  it("taken by a hosted mailbox: sent via the mailbox and delivered by our store at once, its notes cleared", () => {
    const hosted = [{ recipient: "Bo@Hosted.example", remoteMta: "mx.example.net (mail store, LMTP)", diagnostic: "250 2.0.0 Ok" }];
    const { settlement, outcome, forgetHosted } = classifyHandOff(messageId, answered({}, { via: "mailbox", hosted }), {
      pending: ["Bo@Hosted.example"],
      ...first,
    });
    expect(outcome).toBe("done");
    expect(forgetHosted).toBe(true);
    expect(settlement).toMatchObject({ status: "sent", via: "mailbox", sent: true });
    expect(settlement.events).toMatchObject([
      { type: "sent", detail: { via: "mailbox", recipients: ["Bo@Hosted.example"] } },
      { type: "delivered", detail: { recipient: "bo@hosted.example", remoteMta: hosted[0]!.remoteMta, tls: null, source: "lmtp" } },
    ]);
    expect(settlement.recipients).toEqual([
      { email: "Bo@Hosted.example", status: "delivered", diagnostic: "250 2.0.0 Ok", remoteMta: hosted[0]!.remoteMta },
    ]);
  });

  it("one recipient refused with a 5xx: a hard bounce for that one only, the message sent for the other", () => {
    const { settlement, outcome } = classifyHandOff(
      messageId,
      answered({ accepted: ["ada@example.com"], refused: [{ recipient: "gone@example.com", code: 550, response: "5.1.1 No such user" }] }),
      { pending: ["ada@example.com", "gone@example.com"], ...first },
    );
    expect(outcome).toBe("done");
    expect(settlement).toMatchObject({ status: "sent", lastError: "gone@example.com: 5.1.1 No such user", pending: null });
    expect(settlement.bounces).toEqual([
      { messageId, recipient: "gone@example.com", bounceType: "hard", diagnostic: "550 5.1.1 No such user", source: "handoff" },
    ]);
    expect(settlement.recipients[1]).toEqual({ email: "gone@example.com", status: "bounced", diagnostic: "550 5.1.1 No such user" });
  });

  it("every recipient refused with a 5xx: bounced", () => {
    const { settlement } = classifyHandOff(
      messageId,
      answered({ refused: [{ recipient: "gone@example.com", code: 550, response: "5.1.1 No such user" }] }),
      { pending: ["gone@example.com"], ...first },
    );
    expect(settlement.status).toBe("bounced");
    expect(types(settlement.events)).toEqual([]);
  });

  it("one recipient refused with a 4xx: delayed and retried for that one only", () => {
    const { settlement, outcome, log } = classifyHandOff(
      messageId,
      answered({
        accepted: ["ada@example.com"],
        refused: [{ recipient: "busy@example.com", code: 451, response: "4.7.1  Try\r\n later" }],
      }),
      { pending: ["ada@example.com", "busy@example.com"], ...first },
    );
    expect(outcome).toBe("retry");
    expect(log).toBeNull();
    expect(settlement).toMatchObject({ status: "queued", sent: true, pending: ["busy@example.com"] });
    expect(settlement.events).toMatchObject([
      { type: "sent" },
      { type: "delivery_delayed", detail: { attempt: 1, recipients: ["busy@example.com"], diagnostic: "4.7.1 Try later" } },
    ]);
    expect(settlement.recipients[1]).toEqual({ email: "busy@example.com", status: "deferred", diagnostic: "4.7.1 Try later" });
  });

  it("refused with a 4xx on the last attempt: failed, the copy expired; sent if an earlier attempt got through", () => {
    const refused = answered({ refused: [{ recipient: "busy@example.com", code: null, response: "refused" }] });
    const never = classifyHandOff(messageId, refused, { pending: ["busy@example.com"], ...lastOne });
    expect(never.outcome).toBe("done");
    expect(never.settlement).toMatchObject({ status: "failed", lastError: "busy@example.com: refused", pending: null });
    expect(never.settlement.events).toMatchObject([
      { type: "failed", detail: { attempt: 6, recipients: ["busy@example.com"], reason: "refused" } },
    ]);
    expect(never.settlement.recipients).toEqual([{ email: "busy@example.com", status: "expired", diagnostic: "refused" }]);
    const earlier = classifyHandOff(messageId, refused, { pending: ["busy@example.com"], ...lastOne, sentAt: new Date() });
    expect(earlier.settlement).toMatchObject({ status: "sent", lastError: null });
  });

  it("the message refused as a whole with a 5xx: every pending recipient bounces", () => {
    const { settlement, outcome } = classifyHandOff(messageId, failed("5.7.1 Relaying denied", 554), {
      pending: ["a@example.com", "b@example.com"],
      ...first,
    });
    expect(outcome).toBe("done");
    expect(settlement).toMatchObject({ status: "bounced", via: null, sent: false });
    expect(settlement.bounces?.map((bounce) => [bounce.recipient, bounce.diagnostic])).toEqual([
      ["a@example.com", "554 554 5.7.1 Relaying denied"],
      ["b@example.com", "554 554 5.7.1 Relaying denied"],
    ]);
  });

  it("the hand-off failing for a temporary reason: every pending recipient deferred and the job retried", () => {
    const { settlement, outcome, log } = classifyHandOff(messageId, failed("connect ECONNREFUSED 127.0.0.1:25"), {
      pending: ["a@example.com"],
      ...first,
    });
    expect(outcome).toBe("retry");
    expect(log).toBeNull();
    expect(settlement).toMatchObject({ status: "queued", lastError: "connect ECONNREFUSED 127.0.0.1:25", via: null, pending: null });
    expect(settlement.events).toMatchObject([{ type: "delivery_delayed", detail: { attempt: 1, recipients: ["a@example.com"] } }]);
    expect(settlement.recipients).toEqual([
      { email: "a@example.com", status: "deferred", diagnostic: "connect ECONNREFUSED 127.0.0.1:25" },
    ]);
  });

  it("the hand-off failing for a temporary reason on the last attempt: failed (sent if an earlier one got through), copies expired, a warning", () => {
    const never = classifyHandOff(messageId, failed("no connection"), { pending: ["a@example.com"], ...lastOne });
    expect(never.outcome).toBe("done");
    expect(never.settlement).toMatchObject({ status: "failed", lastError: "no connection" });
    expect(types(never.settlement.events)).toEqual(["failed"]);
    expect(never.settlement.recipients).toEqual([{ email: "a@example.com", status: "expired", diagnostic: "no connection" }]);
    expect(never.log).toEqual({ level: "warn", detail: { attempt: 6, reason: "no connection" }, message: "message failed" });
    const earlier = classifyHandOff(messageId, failed("no connection"), { pending: ["a@example.com"], ...lastOne, sentAt: new Date() });
    expect(earlier.settlement.status).toBe("sent");
  });
});
