import { describe, expect, it } from "vitest";
import { SmtpReply, smtpReplies, smtpReplyFor } from "@/server/mail/reply-codes";
import { connectionCounter, memoryBudget } from "@/server/mail/listener/connection-limits";
import { mayAuthenticate } from "@/server/mail/submission/plaintext-auth";
import { AppError } from "@/server/errors";

describe("SMTP replies", () => {
  it("lead with the enhanced code their reply code calls for", () => {
    for (const { code, text } of Object.values(smtpReplies)) expect(text.startsWith(`${String(code)[0]}.`)).toBe(true);
  });

  it("map service errors, and anything unexpected to a temporary failure", () => {
    expect(smtpReplyFor(new AppError("quota_exceeded", "x")).message).toMatch(/^5\.7\.0 /);
    expect(smtpReplyFor(new AppError("quota_exceeded", "x")).responseCode).toBe(554);
    expect(smtpReplyFor(new AppError("rate_limited", "x")).responseCode).toBe(451);
    expect(smtpReplyFor(new Error("database gone")).message).toMatch(/^4\.3\.0 /);
    expect(smtpReplyFor(new SmtpReply("tooManyRecipients", "at most 50")).message).toBe("4.5.3 Too many recipients: at most 50");
  });
});

describe("AUTH without TLS", () => {
  it("is allowed only from loopback outside production", () => {
    expect(mayAuthenticate({ secure: false, remoteAddress: "127.0.0.1" }, false)).toBe(true);
    expect(mayAuthenticate({ secure: false, remoteAddress: "::1" }, false)).toBe(true);
    expect(mayAuthenticate({ secure: false, remoteAddress: "203.0.113.9" }, false)).toBe(false);
    expect(mayAuthenticate({ secure: false, remoteAddress: "127.0.0.1" }, true)).toBe(false);
    expect(mayAuthenticate({ secure: true, remoteAddress: "203.0.113.9" }, true)).toBe(true);
  });
});

describe("connection limits", () => {
  it("count open connections per address", () => {
    const counter = connectionCounter(2);
    expect(counter.tryOpen("192.0.2.1")).toBe(true);
    expect(counter.tryOpen("192.0.2.1")).toBe(true);
    expect(counter.tryOpen("192.0.2.1")).toBe(false);
    expect(counter.tryOpen("192.0.2.2")).toBe(true);
    counter.close("192.0.2.1");
    expect(counter.tryOpen("192.0.2.1")).toBe(true);
  });

  it("cap the bytes held in memory across sessions", () => {
    const budget = memoryBudget(100);
    expect(budget.take(60)).toBe(true);
    expect(budget.take(50)).toBe(false);
    budget.give(60);
    expect(budget.take(100)).toBe(true);
    expect(budget.used).toBe(100);
  });
});
