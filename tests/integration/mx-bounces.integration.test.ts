// Bounces and complaints end to end: a message sent with the real sending API
// leaves through a customer relay (a local smtp-server) with its VERP return
// path; DSNs and ARF reports written from the fixtures are then delivered to
// the app's MX by real clients (nodemailer, Debian's swaks), and the message
// shows its `bounced` and `complained` events.
import { spawnSync } from "node:child_process";
import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getMessage, sendMessage } from "@/shared/api/endpoints/messages";
import { createSmtpRelay } from "@/shared/api/endpoints/smtp-relays";
import { call } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { inboundFixture } from "../support/inbound-fixtures";
import { eventually, holdsFor } from "../support/poll";
import { verifiedDomain } from "../support/domains";

/** The customer's relay: records each message's envelope sender by recipient. */
const returnPaths = new Map<string, string>();
const relay = new SMTPServer({
  logger: false,
  disabledCommands: ["STARTTLS", "AUTH"],
  onData(stream, session, done) {
    stream.on("end", () => {
      for (const rcpt of session.envelope.rcptTo)
        returnPaths.set(rcpt.address, session.envelope.mailFrom ? session.envelope.mailFrom.address : "");
      done();
    });
    stream.resume();
  },
});

const mx = () => nodemailer.createTransport({ host: "127.0.0.1", port: inject("mxPort"), secure: false, ignoreTLS: true });

let account: TestAccount;
let domain: string;

beforeAll(async () => {
  const port = await new Promise<number>((resolve) =>
    relay.listen(0, "127.0.0.1", () => resolve((relay.server.address() as { port: number }).port)),
  );
  account = await createAccount();
  domain = (await verifiedDomain(account, "bnc")).name;
  const created = await call(createSmtpRelay, {
    token: account.accessToken,
    body: { name: "MTA", smtp_host: "127.0.0.1", smtp_port: port, encryption: "none" },
  });
  expect(created.body.data.is_default, JSON.stringify(created.body)).toBe(true);
});

afterAll(() => new Promise<void>((resolve) => relay.close(() => resolve())));

/** Polls until `read` gives a value (mx-bounces' own timeout and pace on the shared loop). */
const waitFor = <T>(read: () => Promise<T | undefined>, what: string) =>
  eventually(read, (value) => value !== undefined, { what, timeoutMs: 20_000, intervalMs: 150 }) as Promise<T>;

const messageOf = async (id: string) => (await call(getMessage, { token: account.accessToken, params: { message_id: id } })).body.data;

/** Sends one message through the relay and answers its id and the return path it left with. */
async function sentMessage(to: string[]) {
  const sent = await call(sendMessage, {
    token: account.accessToken,
    body: { from: `Shop <orders@${domain}>`, to, subject: "Your order", text: "Thanks for your order." },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const id = sent.body.data.id;
  await waitFor(async () => ((await messageOf(id)).status === "queued" ? undefined : true), "the hand-off");
  const verp = await waitFor(async () => returnPaths.get(to[0]!), "the relay's copy");
  return { id, verp };
}

/** The message-wide token messages were handed off with before tokens named a recipient, made with the server's AUTH_SECRET. */
function messageWideToken(messageId: string): string {
  const { authSecret } = JSON.parse(readFileSync(path.join(inject("serverDataDir"), "secrets.json"), "utf8")) as { authSecret: string };
  const key = Buffer.from(hkdfSync("sha256", authSecret, "customer-email-service", "verp-return-path", 32));
  return `${messageId}-${createHmac("sha256", key).update(messageId).digest("hex").slice(0, 20)}`;
}

const eventsOf = async (id: string, type: string) => (await messageOf(id)).events.filter((event) => event.type === type);

describe("the return path", () => {
  it("is the message's own VERP address on ces-bounces.<domain>; the stored envelope keeps the customer's sender", async () => {
    const to = uniqueEmail("verp");
    const { id, verp } = await sentMessage([to]);
    expect(verp).toMatch(new RegExp(`^${id}-[0-9a-f]{20}@ces-bounces\\.${domain.replaceAll(".", "\\.")}$`));
    const [stored] = await sql<{ envelope_from: string }>("select envelope_from from message_contents where message_id = $1", [id]);
    expect(stored!.envelope_from).toBe(`orders@${domain}`);
  });
});

describe("delivery status notifications at the MX", () => {
  it.each(["postfix-hard", "gmail-hard", "outlook-hard", "exim-plain"])(
    "%s (nodemailer, null sender) becomes a hard bounce; the message is bounced and the address suppressed",
    async (fixture) => {
      const recipient = uniqueEmail("hard");
      const { id, verp } = await sentMessage([recipient]);
      const info = await mx().sendMail({ envelope: { from: "", to: [verp] }, raw: inboundFixture(fixture, { verp, recipient, domain }) });
      expect(info.response).toBe("250 2.0.0 Ok");
      const [bounce] = await waitFor(async () => {
        const events = await eventsOf(id, "bounced");
        return events.length > 0 ? events : undefined;
      }, "the bounced event");
      expect(bounce!.detail).toMatchObject({
        bounceType: "hard",
        recipient,
        source: "dsn",
        diagnostic: expect.stringMatching(/^550/),
        authentication: { spf: expect.any(String), dkim: "none", dmarc: expect.any(String), arc: expect.any(String) },
      });
      expect((await messageOf(id)).status).toBe("bounced");
      const [suppressed] = await sql<{ reason: string }>("select reason from suppressions where account_id = $1 and email = $2", [
        account.user.id,
        recipient,
      ]);
      expect(suppressed?.reason).toBe("hard_bounce");
    },
  );

  it("a delay report (swaks) is not a bounce: the recipient is deferred with a delivery_delayed event, and nothing is suppressed", async () => {
    const recipient = uniqueEmail("soft");
    const { id, verp } = await sentMessage([recipient]);
    const result = spawnSync(
      "swaks",
      ["--server", "127.0.0.1", "--port", String(inject("mxPort")), "--from", "<>", "--to", verp, "--data", "-", "--timeout", "20"],
      { input: inboundFixture("postfix-delayed", { verp, recipient, domain }), encoding: "utf8" },
    );
    expect(result.stdout).toMatch(/^<[-~] {1,2}250 2\.0\.0 Ok$/m);
    const [delayed] = await waitFor(async () => {
      const events = (await eventsOf(id, "delivery_delayed")).filter((event) => event.detail.recipient === recipient);
      return events.length > 0 ? events : undefined;
    }, "the delivery_delayed event");
    expect(delayed!.detail).toMatchObject({ recipient, diagnostic: "452 4.2.2 Mailbox full", source: "dsn" });
    const message = await messageOf(id);
    expect(message.recipients).toEqual([
      expect.objectContaining({ email: recipient, status: "deferred", diagnostic: "452 4.2.2 Mailbox full", remoteMta: null }),
    ]);
    expect(message.status).toBe("sent");
    expect(await eventsOf(id, "bounced")).toEqual([]);
    expect(await sql("select 1 from suppressions where account_id = $1 and email = $2", [account.user.id, recipient])).toEqual([]);
  });

  it("Postfix's success report marks the recipient delivered (with the remote MTA) and the message delivered; a replay changes nothing", async () => {
    const recipient = uniqueEmail("ok");
    const { id, verp } = await sentMessage([recipient]);
    expect((await messageOf(id)).recipients).toEqual([expect.objectContaining({ email: recipient, status: "sent" })]);
    const raw = inboundFixture("postfix-success", { verp, recipient, domain });
    await mx().sendMail({ envelope: { from: "", to: [verp] }, raw });
    const message = await waitFor(async () => {
      const current = await messageOf(id);
      return current.status === "delivered" ? current : undefined;
    }, "the delivered message");
    expect(message.recipients).toEqual([
      expect.objectContaining({ email: recipient, status: "delivered", remoteMta: "mx.example.org", tls: null }),
    ]);
    const [delivered] = message.events.filter((event) => event.type === "delivered");
    expect(delivered!.detail).toMatchObject({ recipient, remoteMta: "mx.example.org", tls: null, source: "dsn" });
    const updatedAt = message.recipients[0]!.updatedAt;
    // The same report again (a replay): no second event, the outcome untouched.
    await mx().sendMail({ envelope: { from: "", to: [verp] }, raw });
    await holdsFor(async () => (await eventsOf(id, "delivered")).length === 1, 500);
    expect((await messageOf(id)).recipients[0]!.updatedAt).toBe(updatedAt);
  });

  it("a success report naming an address the message never went to is ignored", async () => {
    const recipient = uniqueEmail("real");
    const { id, verp } = await sentMessage([recipient]);
    const info = await mx().sendMail({
      envelope: { from: "", to: [verp] },
      raw: inboundFixture("postfix-success", { verp, recipient: "someone.else@example.org", domain }),
    });
    expect(info.response).toBe("250 2.0.0 Ok");
    await holdsFor(async () => (await eventsOf(id, "delivered")).length === 0, 500);
    const message = await messageOf(id);
    expect(message.status).toBe("sent");
    expect(message.recipients.map((entry) => [entry.email, entry.status])).toEqual([[recipient, "sent"]]);
  });

  it("each recipient's copy leaves with its own return path, and a report to it counts only for that recipient", async () => {
    const [first, second, third] = [uniqueEmail("m1"), uniqueEmail("m2"), uniqueEmail("m3")];
    const { id } = await sentMessage([first, second, third]);
    const paths = await waitFor(async () => {
      const found = [first, second, third].map((recipient) => returnPaths.get(recipient));
      return found.every(Boolean) ? (found as string[]) : undefined;
    }, "three copies");
    expect(new Set(paths).size).toBe(3);
    // The second recipient forges a report that the first one's address failed (and its own was delayed).
    await mx().sendMail({
      envelope: { from: "", to: [paths[1]!] },
      raw: inboundFixture("rfc3464-multi", { verp: paths[1]!, recipient: first, recipient2: second, recipient3: third, domain }),
    });
    const [delayed] = await waitFor(async () => {
      const events = await eventsOf(id, "delivery_delayed");
      return events.length >= 1 ? events : undefined;
    }, "the delivery_delayed event");
    expect(delayed!.detail).toMatchObject({ recipient: second, source: "dsn" });
    // Nothing about the first and third recipients: no bounce, no delivery, their outcomes untouched.
    await holdsFor(async () => (await messageOf(id)).events.every((event) => !["bounced", "delivered"].includes(event.type)), 500);
    expect((await messageOf(id)).recipients.map((entry) => [entry.email, entry.status])).toEqual([
      [first, "sent"],
      [second, "deferred"],
      [third, "sent"],
    ]);
    expect(await sql("select 1 from suppressions where account_id = $1 and email = $2", [account.user.id, first])).toEqual([]);
  });

  it("RFC 3464's multi-recipient report to a message-wide return path (handed off before) counts for each recipient it names", async () => {
    const [first, second, third] = [uniqueEmail("w1"), uniqueEmail("w2"), uniqueEmail("w3")];
    const { id } = await sentMessage([first, second, third]);
    const verp = `${messageWideToken(id)}@ces-bounces.${domain}`;
    await mx().sendMail({
      envelope: { from: "", to: [verp] },
      raw: inboundFixture("rfc3464-multi", { verp, recipient: first, recipient2: second, recipient3: third, domain }),
    });
    const message = await waitFor(async () => {
      const current = await messageOf(id);
      return current.recipients.every((entry) => entry.status !== "sent") ? current : undefined;
    }, "three outcomes");
    expect(message.recipients.map((entry) => [entry.email, entry.status])).toEqual([
      [first, "bounced"],
      [second, "deferred"],
      [third, "delivered"],
    ]);
    expect(
      message.events.filter((event) => event.type === "bounced").map((event) => [event.detail.recipient, event.detail.bounceType]),
    ).toEqual([[first, "hard"]]);
    // Not every recipient was delivered, nor bounced: it stays sent.
    expect(message.status).toBe("sent");
  });

  it("the same DSN delivered twice records one event", async () => {
    const recipient = uniqueEmail("twice");
    const { id, verp } = await sentMessage([recipient]);
    const raw = inboundFixture("postfix-hard", { verp, recipient, domain });
    await mx().sendMail({ envelope: { from: "", to: [verp] }, raw });
    await mx().sendMail({ envelope: { from: "", to: [verp] }, raw });
    await waitFor(async () => ((await eventsOf(id, "bounced")).length > 0 ? true : undefined), "the bounced event");
    expect(await eventsOf(id, "bounced")).toHaveLength(1);
  });

  it("a DSN about an address the message never went to records nothing", async () => {
    const recipient = uniqueEmail("other");
    const { id, verp } = await sentMessage([recipient]);
    const info = await mx().sendMail({
      envelope: { from: "", to: [verp] },
      raw: inboundFixture("postfix-hard", { verp, recipient: "victim@example.org", domain }),
    });
    expect(info.response).toBe("250 2.0.0 Ok");
    await holdsFor(async () => (await eventsOf(id, "bounced")).length === 0, 500);
    expect(await eventsOf(id, "bounced")).toEqual([]);
  });

  it("an out-of-office reply to the return path is taken and records nothing", async () => {
    const recipient = uniqueEmail("ooo");
    const { id, verp } = await sentMessage([recipient]);
    const info = await mx().sendMail({
      envelope: { from: recipient, to: [verp] },
      raw: inboundFixture("out-of-office", { verp, recipient }),
    });
    expect(info.response).toBe("250 2.0.0 Ok");
    await holdsFor(async () => !(await messageOf(id)).events.some((event) => event.type === "bounced"), 500);
    expect((await messageOf(id)).events.map((event) => event.type)).not.toContain("bounced");
  });
});

describe("complaints at the MX", () => {
  it.each(["rfc5965-example", "arf-original-headers"])("%s becomes a complained event and suppresses the address", async (fixture) => {
    const recipient = uniqueEmail("arf");
    const { id, verp } = await sentMessage([recipient, uniqueEmail("bystander")]);
    const info = await mx().sendMail({
      envelope: { from: "fbl@example.com", to: [verp] },
      raw: inboundFixture(fixture, { verp, recipient, domain }),
    });
    expect(info.response).toBe("250 2.0.0 Ok");
    const [complaint] = await waitFor(async () => {
      const events = await eventsOf(id, "complained");
      return events.length > 0 ? events : undefined;
    }, "the complained event");
    expect(complaint!.detail).toMatchObject({ recipient, feedbackType: "abuse", source: "arf", authentication: expect.any(Object) });
    expect((await messageOf(id)).status).toBe("sent");
    const [suppressed] = await sql<{ reason: string }>("select reason from suppressions where account_id = $1 and email = $2", [
      account.user.id,
      recipient,
    ]);
    expect(suppressed?.reason).toBe("complaint");
  });
});

describe("return-path tokens", () => {
  it("are accepted at any domain and in capitals, and a forged one is refused with 550 5.1.1", async () => {
    const { id, verp } = await sentMessage([uniqueEmail("tok")]);
    const token = verp.split("@")[0]!;
    const check = async (rcpt: string) => {
      const transport = mx();
      try {
        return (
          await transport.sendMail({
            envelope: { from: "", to: [rcpt] },
            raw: "From: MAILER-DAEMON@elsewhere.example\r\nSubject: x\r\n\r\nhello\r\n",
          })
        ).response;
      } catch (error) {
        return (error as { response: string }).response;
      }
    };
    expect(await check(`${token.toUpperCase()}@Elsewhere.Example`)).toBe("250 2.0.0 Ok");
    const forged = `${id}-${randomBytes(10).toString("hex")}@ces-bounces.${domain}`;
    expect(await check(forged)).toBe("550 5.1.1 No such recipient here");
    expect(await check(`postmaster@ces-bounces.${domain}`)).toBe("550 5.1.1 No such recipient here");
  });
});
