// What a hosted mailbox's copy may be trusted for: our own Authentication-Results
// on the hosted route (signing domain, From alignment), and Dovecot's refusals
// read as the API's errors (a full mailbox).
import { describe, expect, it } from "vitest";
import { imapRefusalOf, mailboxFullOr } from "@/server/mail-store/dovecot/imap-refusal";
import { AppError } from "@/server/errors";
import { hostedRouteAuthenticationResults } from "@/server/services/delivery/hosted-route";
import { isAuthenticationResultsOf, prependTraceHeaders } from "@/server/message-format/trace-headers";

const results = (fromAddress: string | null, signingDomain: string | null) =>
  hostedRouteAuthenticationResults({ hostname: "mx.example.net", returnPath: "b+1@ces-bounces.shop.example", fromAddress, signingDomain });

describe("the hosted route's Authentication-Results", () => {
  it("passes DMARC only when the From domain is the signing domain or one of its subdomains", () => {
    expect(results("ada@shop.example", "shop.example")).toMatch(
      /dkim=pass header\.d=shop\.example;\r\n dmarc=pass header\.from=shop\.example$/,
    );
    expect(results("ada@news.shop.example", "shop.example")).toMatch(/dmarc=pass header\.from=news\.shop\.example$/);
    // A forwarded copy keeps its author's From: signed by the forwarder, not aligned.
    expect(results("security@paypal.com", "shop.example")).toMatch(
      /dkim=pass header\.d=shop\.example;\r\n dmarc=none \(.*\) header\.from=paypal\.com$/,
    );
    expect(results("ada@shop.example", null)).toMatch(/dkim=none \(not signed\);\r\n dmarc=none/);
  });

  it("names this host, so the reader takes it and a sender's copy of it is dropped", () => {
    const header = results("ada@shop.example", "shop.example");
    expect(isAuthenticationResultsOf(header.replace(/^[^:]*:/, ""), "MX.example.net.")).toBe(true);
    const forged = Buffer.from(
      "Authentication-Results: mx.example.net; dmarc=pass (forged)\r\nX-Spam-Status: No\r\nSubject: hi\r\n\r\nbody",
    );
    const copy = prependTraceHeaders(forged, [header], "mx.example.net").toString("latin1");
    expect(copy).not.toContain("forged");
    expect(copy).not.toContain("X-Spam-Status");
    expect(copy.startsWith("Authentication-Results: mx.example.net;")).toBe(true);
    expect(copy.endsWith("Subject: hi\r\n\r\nbody")).toBe(true);
  });
});

describe("Dovecot's refusals", () => {
  const refused = (code: string | undefined, text: string) =>
    Object.assign(new Error("Command failed"), { responseStatus: "NO", serverResponseCode: code, responseText: text });

  it("reads the response code and text of a NO, and nothing else", () => {
    expect(imapRefusalOf(refused("OVERQUOTA", "Quota exceeded (mailbox for user is full)"))).toEqual({
      code: "OVERQUOTA",
      text: "Quota exceeded (mailbox for user is full)",
    });
    expect(imapRefusalOf(new Error("connection lost"))).toBeNull();
    expect(imapRefusalOf(new AppError("not_found", "Folder not found."))).toBeNull();
  });

  it("turns a full mailbox into 409 mailbox_full and leaves other errors as they are", () => {
    expect(mailboxFullOr(refused("OVERQUOTA", "Quota exceeded"))).toMatchObject({ code: "mailbox_full" });
    expect(mailboxFullOr(refused(undefined, "Quota exceeded (mailbox for user is full)"))).toMatchObject({ code: "mailbox_full" });
    const other = refused("CANNOT", "Invalid mailbox name");
    expect(mailboxFullOr(other)).toBe(other);
  });
});
