// Each recipient's fate read from Postfix 3.7's log lines
// (server/outbound/postfix/delivery-log.ts): the status of each attempt with
// the server, its address and its reply, the TLS of the connection (matched to
// the status line by the client's process), the queue manager's envelope
// sender and a message's expiry.
import { describe, expect, it } from "vitest";
import { type PostfixLogEntry, postfixLogReader as deliveryLogReader, queueIdOf } from "@/server/outbound/postfix/delivery-log";

const prefix = (pid: number) => `Nov 27 13:00:00 mta.outbound.test postfix/smtp[${pid}]:`;
const tlsLine = (pid: number, trust: string, peer: string, protocol = "TLSv1.3") =>
  `${prefix(pid)} ${trust} TLS connection established to ${peer}: ${protocol} with cipher TLS_AES_256_GCM_SHA384 (256/256 bits) key-exchange X25519 server-signature RSA-PSS (2048 bits) server-digest SHA256`;
const sentLine = (pid: number, queueId: string, to: string, relay: string) =>
  `${prefix(pid)} ${queueId}: to=<${to}>, relay=${relay}, delay=0.12, delays=0.01/0/0.08/0.03, dsn=2.0.0, status=sent (250 2.0.0 Ok: queued as ABC)`;

/** The TLS of a delivery attempt the reader answered. */
const tlsOf = (entry: PostfixLogEntry | null) => (entry?.kind === "attempt" ? entry.tls : undefined);

describe("postfixLogReader", () => {
  it("a delivery over TLS: the server, its address, the protocol, unverified, policy may", () => {
    const read = deliveryLogReader();
    expect(read(tlsLine(101, "Untrusted", "mx.rcpt.test[127.5.6.7]:2525"))).toBeNull();
    expect(read(sentLine(101, "4Rz1Xy0abc", "Buyer@rcpt.test", "mx.rcpt.test[127.5.6.7]:2525"))).toEqual({
      kind: "attempt",
      queueId: "4Rz1Xy0abc",
      recipient: "buyer@rcpt.test",
      status: "sent",
      relay: "mx.rcpt.test[127.5.6.7]:2525",
      address: "127.5.6.7",
      reply: "250 2.0.0 Ok: queued as ABC",
      ageSeconds: 0.12,
      tls: { protocol: "TLSv1.3", verified: false, policy: "may" },
    });
  });

  it("reads the lines Postfix 3.7 wrote in the outbound-postfix test (a sink with a self-signed certificate)", () => {
    const read = deliveryLogReader();
    read(
      "postfix/smtp[31086]: Untrusted TLS connection established to mx.rcpt-f9b0122f.test[127.197.124.69]:44889: TLSv1.3 with cipher TLS_AES_256_GCM_SHA384 (256/256 bits) key-exchange X25519 server-signature ECDSA (prime256v1) server-digest SHA256",
    );
    expect(
      read(
        "postfix/smtp[31086]: 1EA13590666: to=<buyer@rcpt-f9b0122f.test>, relay=mx.rcpt-f9b0122f.test[127.197.124.69]:44889, delay=0.86, delays=0.1/0.31/0.33/0.12, dsn=2.0.0, status=sent (250 OK: message queued)",
      ),
    ).toEqual({
      kind: "attempt",
      queueId: "1EA13590666",
      recipient: "buyer@rcpt-f9b0122f.test",
      status: "sent",
      relay: "mx.rcpt-f9b0122f.test[127.197.124.69]:44889",
      address: "127.197.124.69",
      reply: "250 OK: message queued",
      ageSeconds: 0.86,
      tls: { protocol: "TLSv1.3", verified: false, policy: "may" },
    });
  });

  it("only Postfix's Verified counts as verified; an IPv6 peer keeps its address", () => {
    const read = deliveryLogReader();
    read(tlsLine(7, "Verified", "mx.example[2001:db8::25]:25", "TLSv1.2"));
    expect(read(sentLine(7, "Q1", "a@example", "mx.example[2001:db8::25]:25"))).toMatchObject({
      address: "2001:db8::25",
      tls: { protocol: "TLSv1.2", verified: true },
    });
    read(tlsLine(8, "Trusted", "mx.example[192.0.2.1]:25"));
    expect(tlsOf(read(sentLine(8, "Q2", "a@example", "mx.example[192.0.2.1]:25")))?.verified).toBe(false);
  });

  it("reads a provider preset's client, which logs as postfix/<preset>/smtp", () => {
    const read = deliveryLogReader();
    read(
      "postfix/google/smtp[4242]: Untrusted TLS connection established to aspmx.l.google.com[127.9.8.7]:2525: TLSv1.3 with cipher TLS_AES_256_GCM_SHA384 (256/256 bits)",
    );
    expect(
      read(
        "postfix/google/smtp[4242]: 2B3C4D5E6F: to=<buyer@workspace.test>, relay=aspmx.l.google.com[127.9.8.7]:2525, delay=0.2, delays=0.01/0/0.1/0.09, dsn=2.0.0, status=sent (250 OK)",
      ),
    ).toMatchObject({ queueId: "2B3C4D5E6F", relay: "aspmx.l.google.com[127.9.8.7]:2525", tls: { protocol: "TLSv1.3" } });
  });

  it("a delivery without a TLS line went in plain text", () => {
    const read = deliveryLogReader();
    expect(tlsOf(read(sentLine(5, "Q3", "a@example", "mx.example[192.0.2.1]:25")))).toEqual({
      protocol: null,
      verified: false,
      policy: "may",
    });
  });

  it("a TLS session counts for its own message only: another process, another peer or a later message is plain text", () => {
    const read = deliveryLogReader();
    read(tlsLine(1, "Untrusted", "mx.a[192.0.2.1]:25"));
    expect(tlsOf(read(sentLine(2, "Q4", "x@a", "mx.a[192.0.2.1]:25")))?.protocol).toBeNull();
    expect(tlsOf(read(sentLine(1, "Q5", "x@b", "mx.b[192.0.2.2]:25")))?.protocol).toBeNull();
    read(tlsLine(3, "Untrusted", "mx.a[192.0.2.1]:25"));
    expect(tlsOf(read(sentLine(3, "Q6", "x@a", "mx.a[192.0.2.1]:25")))?.protocol).toBe("TLSv1.3");
    expect(tlsOf(read(sentLine(3, "Q6", "y@a", "mx.a[192.0.2.1]:25")))?.protocol).toBe("TLSv1.3");
    expect(tlsOf(read(sentLine(3, "Q7", "z@a", "mx.a[192.0.2.1]:25")))?.protocol).toBeNull();
  });

  it("a deferral: the reply without Postfix's host prefix, how long the message has waited, no TLS; relay=none when nobody answered", () => {
    const read = deliveryLogReader();
    expect(
      read(
        `${prefix(4)} Q8: to=<a@b.test>, relay=mx.b.test[192.0.2.3]:25, delay=12, delays=0.1/0/0.2/0, dsn=4.2.1, status=deferred (host mx.b.test[192.0.2.3] said: 451 4.2.1 Mailbox busy (in reply to RCPT TO command))`,
      ),
    ).toMatchObject({
      kind: "attempt",
      status: "deferred",
      relay: "mx.b.test[192.0.2.3]:25",
      reply: "451 4.2.1 Mailbox busy (in reply to RCPT TO command)",
      ageSeconds: 12,
      tls: { protocol: null },
    });
    expect(
      read(
        `${prefix(4)} Q9: to=<a@b.test>, relay=none, delay=1.5, delays=1.5/0/0/0, dsn=4.4.1, status=deferred (connect to mx.b.test[192.0.2.3]:25: Connection refused)`,
      ),
    ).toMatchObject({ status: "deferred", relay: null, address: null, reply: "connect to mx.b.test[192.0.2.3]:25: Connection refused" });
  });

  it("a bounce, the queue manager's envelope sender, and a message's expiry", () => {
    const read = deliveryLogReader();
    expect(
      read(
        `${prefix(6)} QA: to=<gone@b.test>, relay=mx.b.test[192.0.2.3]:25, delay=0.3, delays=0.1/0/0.1/0.1, dsn=5.1.1, status=bounced (host mx.b.test[192.0.2.3] said: 550 5.1.1 No such user (in reply to RCPT TO command))`,
      ),
    ).toMatchObject({ kind: "attempt", queueId: "QA", status: "bounced", reply: "550 5.1.1 No such user (in reply to RCPT TO command)" });
    expect(read("Nov 27 13:00:00 h postfix/qmgr[9]: QB: from=<MSG_1-ABC@ces-bounces.b.test>, size=100, nrcpt=1 (queue active)")).toEqual({
      kind: "active",
      queueId: "QB",
      sender: "msg_1-abc@ces-bounces.b.test",
    });
    expect(read("Nov 27 13:00:00 h postfix/qmgr[9]: QB: from=<msg_1-abc@ces-bounces.b.test>, status=expired, returned to sender")).toEqual({
      kind: "expired",
      queueId: "QB",
      sender: "msg_1-abc@ces-bounces.b.test",
    });
  });

  it("ignores lines that report nothing about a message's fate", () => {
    const read = deliveryLogReader();
    expect(read("Nov 27 13:00:00 h postfix/smtpd[9]: connect from localhost[127.0.0.1]")).toBeNull();
    expect(read("Nov 27 13:00:00 h postfix/cleanup[9]: QB: message-id=<x@y>")).toBeNull();
    expect(read("Nov 27 13:00:00 h postfix/qmgr[9]: QB: removed")).toBeNull();
  });
});
describe("queueIdOf", () => {
  it("reads the queue ID of Postfix's 250 reply", () => {
    expect(queueIdOf("250 2.0.0 Ok: queued as 4Rz1Xy0abcz1")).toBe("4Rz1Xy0abcz1");
    expect(queueIdOf("250 Accepted")).toBeNull();
    expect(queueIdOf(undefined)).toBeNull();
  });
});
