import { describe, expect, it } from "vitest";
import { feedbackIdOf, withFeedbackId } from "@/server/message-format/feedback-id";

const message = (header: string) => Buffer.from(`${header}\r\nSubject: Hi\r\n\r\nBody with Feedback-ID: in it\r\n`, "latin1");

describe("Feedback-ID", () => {
  it("names the stream, the domain, the account and the service, a colon inside a part never splitting it", () => {
    expect(feedbackIdOf("tx", "dom_1", "acc_1")).toBe("tx:dom_1:acc_1:ces");
    expect(feedbackIdOf("top:ic", "dom_1", "acc_1")).toBe("top-ic:dom_1:acc_1:ces");
  });

  it("is added first to a message without one, and the rest is kept byte for byte", () => {
    const raw = message("From: a@example.org");
    const labelled = withFeedbackId(raw, "tx:example.org:acc_1:ces");
    expect(labelled.toString("latin1")).toBe(`Feedback-ID: tx:example.org:acc_1:ces\r\n${raw.toString("latin1")}`);
  });

  it("keeps a customer's own, whatever its case, and ignores the words in a body", () => {
    const own = message("From: a@example.org\r\nfeedback-id: c1:c2:c3:them");
    expect(withFeedbackId(own, "tx:example.org:acc_1:ces")).toBe(own);
    const inBodyOnly = message("From: a@example.org");
    expect(withFeedbackId(inBodyOnly, "x").toString("latin1").startsWith("Feedback-ID: x\r\n")).toBe(true);
  });
});
