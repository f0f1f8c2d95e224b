// Bounces and complaints reaching the services the hand-off and the MX share
// (recordBounce, recordComplaint), against the real server's database: the
// events, the message's status, the suppression rules (hard, repeated soft,
// complaint) and once-only recording. The hand-off case goes through a real
// relay answering 550 for one recipient.
import { randomBytes } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getDashboardOverview } from "@/shared/api/endpoints/dashboard";
import { getMessage, sendMessage } from "@/shared/api/endpoints/messages";
import { listSuppressions, removeSuppression } from "@/shared/api/endpoints/suppressions";
import { createSmtpRelay } from "@/shared/api/endpoints/smtp-relays";
import { call } from "../support/api-client";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { settledMessage } from "../support/sending";
import { verifiedDomain } from "../support/domains";

// The services run in this process, on the server's own database.
process.env.APP_ENV = "test";
process.env.LOG_LEVEL = "silent";
process.env.DATABASE_POOL_MAX = "2";
const services = async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  const [{ recordBounce }, { recordComplaint }] = await Promise.all([
    import("@/server/services/bounces/record-bounce"),
    import("@/server/services/bounces/record-complaint"),
  ]);
  return { recordBounce, recordComplaint };
};
afterAll(async () => {
  const { pool } = await import("@/server/db/client");
  if (process.env.DATABASE_URL) await pool().end();
});

const suppressedOf = async (account: TestAccount) =>
  (await call(listSuppressions, { token: account.accessToken, query: { limit: "100" } })).body.data.items;

describe("recordBounce and recordComplaint", () => {
  let account: TestAccount;
  let from: string;
  beforeAll(async () => {
    account = await createAccount();
    from = `news@${(await verifiedDomain(account)).name}`;
  });
  const sentTo = async (to: string[]) => {
    const sent = await call(sendMessage, { token: account.accessToken, body: { from, to, subject: "Feedback", text: "x" } });
    const message = await settledMessage(account.accessToken, sent.body.data.id);
    expect(message.status).toBe("sent");
    return message.id;
  };

  it("records a hard bounce once, suppresses the address, and bounces the message when every recipient has", async () => {
    const { recordBounce } = await services();
    const [first, second] = [uniqueEmail("hard-a"), uniqueEmail("hard-b")];
    const messageId = await sentTo([first, second]);
    const bounce = { messageId, bounceType: "hard" as const, diagnostic: "smtp; 550 5.1.1\n user unknown", source: "dsn" as const };
    await expect(recordBounce({ ...bounce, recipient: first })).resolves.toEqual({ recorded: true, suppressed: true });
    await expect(recordBounce({ ...bounce, recipient: first.toUpperCase() })).resolves.toEqual({ recorded: false, suppressed: false });
    let message = (await call(getMessage, { token: account.accessToken, params: { message_id: messageId } })).body.data;
    expect(message.status).toBe("sent");
    expect(message.events.filter((event) => event.type === "bounced").map((event) => event.detail)).toEqual([
      { bounceType: "hard", recipient: first, diagnostic: "smtp; 550 5.1.1 user unknown", source: "dsn" },
    ]);
    expect(await suppressedOf(account)).toContainEqual(expect.objectContaining({ email: first, reason: "hard_bounce", messageId }));

    await recordBounce({ ...bounce, recipient: second });
    message = (await call(getMessage, { token: account.accessToken, params: { message_id: messageId } })).body.data;
    expect(message.status).toBe("bounced");

    // Removed by the customer, the same DSN arriving again does not put it back.
    await call(removeSuppression, { token: account.accessToken, params: { email: first } });
    await expect(recordBounce({ ...bounce, recipient: first })).resolves.toMatchObject({ recorded: false });
    expect((await suppressedOf(account)).map((entry) => entry.email)).not.toContain(first);
  });

  it("suppresses after soft bounces on three messages within 7 days, not before", async () => {
    const { recordBounce } = await services();
    const address = uniqueEmail("soft");
    const soft = (messageId: string) =>
      recordBounce({ messageId, recipient: address, bounceType: "soft", diagnostic: "452 4.2.2 mailbox full", source: "dsn" });
    const first = await sentTo([address]);
    await expect(soft(first)).resolves.toEqual({ recorded: true, suppressed: false });
    await expect(soft(first)).resolves.toEqual({ recorded: false, suppressed: false });
    await expect(soft(await sentTo([address]))).resolves.toEqual({ recorded: true, suppressed: false });
    expect((await suppressedOf(account)).map((entry) => entry.email)).not.toContain(address);
    const third = await sentTo([address]);
    await expect(soft(third)).resolves.toEqual({ recorded: true, suppressed: true });
    expect(await suppressedOf(account)).toContainEqual(
      expect.objectContaining({ email: address, reason: "hard_bounce", messageId: third }),
    );
    const message = (await call(getMessage, { token: account.accessToken, params: { message_id: third } })).body.data;
    expect(message.status).toBe("sent");
  });

  it("records a complaint once and suppresses the address; the message stays sent", async () => {
    const { recordComplaint } = await services();
    const address = uniqueEmail("complains");
    const messageId = await sentTo([address]);
    const complaint = { messageId, recipient: address, feedbackType: "Abuse", source: "arf" as const };
    await expect(recordComplaint(complaint)).resolves.toEqual({ recorded: true, suppressed: true });
    await expect(recordComplaint(complaint)).resolves.toEqual({ recorded: false, suppressed: false });
    const message = (await call(getMessage, { token: account.accessToken, params: { message_id: messageId } })).body.data;
    expect(message.status).toBe("sent");
    expect(message.events.filter((event) => event.type === "complained").map((event) => event.detail)).toEqual([
      { recipient: address, feedbackType: "abuse", source: "arf" },
    ]);
    expect(await suppressedOf(account)).toContainEqual(expect.objectContaining({ email: address, reason: "complaint", messageId }));
  });

  it("records nothing for an unknown message", async () => {
    const { recordBounce, recordComplaint } = await services();
    const recipient = uniqueEmail();
    await expect(
      recordBounce({ messageId: "msg_unknown", recipient, bounceType: "hard", diagnostic: "550", source: "dsn" }),
    ).resolves.toEqual({
      recorded: false,
      suppressed: false,
    });
    await expect(recordComplaint({ messageId: "msg_unknown", recipient, feedbackType: "abuse", source: "arf" })).resolves.toMatchObject({
      recorded: false,
    });
  });
});

describe("a 5xx at hand-off", () => {
  let relay: SMTPServer;
  let relayPort = 0;
  beforeAll(async () => {
    relay = new SMTPServer({
      logger: false,
      disabledCommands: ["STARTTLS", "AUTH"],
      onRcptTo: (address, _session, done) =>
        address.address.startsWith("reject") ? done(Object.assign(new Error("5.1.1 No such user"), { responseCode: 550 })) : done(),
      async onData(stream, _session, done) {
        for await (const _chunk of stream);
        done();
      },
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", () => resolve()));
    relayPort = (relay.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => relay.close(() => resolve())));

  it("is a hard bounce that suppresses the recipient, so the next send drops it", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    await call(createSmtpRelay, {
      token: account.accessToken,
      body: { name: "MTA", smtp_host: "127.0.0.1", smtp_port: relayPort, encryption: "none" },
    });
    const refused = `reject-${randomBytes(4).toString("hex")}@example.org`;
    const accepted = uniqueEmail("fine");
    const body = { from: `news@${domain.name}`, to: [accepted, refused], subject: "Hand-off", text: "x" };
    const first = await call(sendMessage, { token: account.accessToken, body });
    const message = await settledMessage(account.accessToken, first.body.data.id);
    expect(message.status).toBe("sent");
    expect(message.events.find((event) => event.type === "bounced")?.detail).toMatchObject({
      bounceType: "hard",
      recipient: refused,
      source: "handoff",
      diagnostic: expect.stringContaining("550"),
    });
    expect(await suppressedOf(account)).toEqual([
      expect.objectContaining({ email: refused, reason: "hard_bounce", messageId: message.id }),
    ]);
    const again = await call(sendMessage, { token: account.accessToken, body: { ...body, to: refused } });
    expect(again.body.data.status).toBe("suppressed");
    // The dashboard's rates count the handed-off message, not the suppressed one.
    const overview = await call(getDashboardOverview, { token: account.accessToken });
    expect(overview.body.data.deliverability).toEqual({ handedOff: 1, bounced: 1, complained: 0, bounceRate: 100, complaintRate: 0 });
  });
});
