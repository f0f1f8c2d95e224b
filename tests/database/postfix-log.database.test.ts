// Each recipient's fate from the child Postfix's log lines, recorded with the
// read position in one transaction (server/services/delivery/record-postfix-log.ts):
// a copy named by the queue ID the delivery worker stored, or, when the log is
// quicker, by the VERP envelope sender the queue manager logged (its MAC
// checked); delivered, deferred (once, with the next attempt), bounced,
// expired; lines read again record nothing twice; a queue ID of nobody's
// message is ignored.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { messageEvents, messageRecipients, messages } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { postfixLogRecorder, storedLogPosition } from "@/server/services/delivery/record-postfix-log";
import { settleDelivery } from "@/server/services/delivery/settle-delivery";
import { verpToken } from "@/server/services/messages/verp";
import { storedMessage } from "../support/stored-records";

const RETURN_PATH = "ces-bounces.example.com";
const RELAY = "mx.rcpt.test[192.0.2.7]:25";

const recorder = (log = `test:${randomBytes(6).toString("hex")}`) => ({
  log,
  record: postfixLogRecorder({
    log,
    ours: (recipient) => recipient.endsWith(`@${RETURN_PATH}`),
    policies: { mtaStsPort: null, dane: false },
    backoff: { minimal: 300, maximal: 4000 },
  }),
});

/** A sent message and its recipient's copy, handed to Postfix under `queueId` (null: the worker's write is still to come). */
async function handedOff(recipient: string, queueId: string | null) {
  const id = await storedMessage({ from: "s@example.com", to: [recipient], subject: "Hi", status: "sent" });
  await db()
    .insert(messageEvents)
    .values({ id: newId("mev"), messageId: id, type: "sent", detail: { recipients: [recipient] } });
  if (queueId) await db().insert(messageRecipients).values({ messageId: id, email: recipient, status: "sent", queueId });
  return id;
}

const line = (text: string) => `Dec  2 12:00:00 mta.test ${text}`;
const active = (queueId: string, sender: string) => line(`postfix/qmgr[9]: ${queueId}: from=<${sender}>, size=900, nrcpt=1 (queue active)`);
const attempt = (queueId: string, to: string, status: string, reply: string, delay = 0.4) =>
  line(
    `postfix/smtp[10]: ${queueId}: to=<${to}>, relay=${RELAY}, delay=${delay}, delays=0.1/0/0.1/0.2, dsn=2.0.0, status=${status} (${reply})`,
  );

async function stateOf(id: string) {
  const [message] = await db().select().from(messages).where(eq(messages.id, id));
  const recipients = await db().select().from(messageRecipients).where(eq(messageRecipients.messageId, id));
  const events = await db().select().from(messageEvents).where(eq(messageEvents.messageId, id)).orderBy(messageEvents.createdAt);
  return { status: message?.status, recipients, events: events.filter((event) => event.type !== "sent") };
}

/** A Postfix queue ID (hex, upper case: its short form). */
const qid = () => randomBytes(5).toString("hex").toUpperCase();

describe("recording Postfix's log", () => {
  it("a delivery to a copy the worker recorded: delivered with the server, one event, the message delivered, the position stored", async () => {
    const queueId = qid();
    const id = await handedOff("buyer@rcpt.test", queueId);
    const { log, record } = recorder();
    await record([attempt(queueId, "Buyer@rcpt.test", "sent", "250 2.0.0 Ok: queued as X")], { inode: 7, offset: 321 });
    const state = await stateOf(id);
    expect(state.status).toBe("delivered");
    expect(state.recipients).toMatchObject([
      { email: "buyer@rcpt.test", status: "delivered", remoteMta: RELAY, diagnostic: "250 2.0.0 Ok: queued as X" },
    ]);
    expect(state.events.map((event) => [event.type, event.detail])).toEqual([
      [
        "delivered",
        {
          recipient: "buyer@rcpt.test",
          remoteMta: RELAY,
          tls: { protocol: null, verified: false, policy: "may" },
          diagnostic: "250 2.0.0 Ok: queued as X",
          source: "mta-log",
        },
      ],
    ]);
    expect(await storedLogPosition(log)).toEqual({ inode: 7, offset: 321 });
    // The same lines again (another reader of the same log): nothing twice.
    await recorder().record([attempt(queueId, "buyer@rcpt.test", "sent", "250 2.0.0 Ok: queued as X")], { inode: 7, offset: 321 });
    expect((await stateOf(id)).events).toHaveLength(1);
  });

  it("a log quicker than the worker: the queue manager's VERP sender names the message, checked by its MAC; a forged one is ignored", async () => {
    const [queueId, forgedId] = [qid(), qid()];
    const id = await handedOff("early@rcpt.test", null);
    const other = await handedOff("victim@rcpt.test", null);
    const { record } = recorder();
    await record(
      [
        active(queueId, `${verpToken(id, "early@rcpt.test")}@${RETURN_PATH}`),
        attempt(queueId, "early@rcpt.test", "sent", "250 Ok"),
        // A token of another recipient does not name victim@'s copy.
        active(forgedId, `${verpToken(other, "someone-else@rcpt.test")}@${RETURN_PATH}`),
        attempt(forgedId, "victim@rcpt.test", "bounced", "550 5.1.1 gone"),
      ],
      { inode: 1, offset: 10 },
    );
    expect((await stateOf(id)).recipients).toMatchObject([{ status: "delivered", queueId }]);
    expect(await stateOf(other)).toMatchObject({ status: "sent", recipients: [], events: [] });
  });

  it("a deferral: deferred with the reply and the next attempt, one event however often it is logged; then expiry", async () => {
    const queueId = qid();
    const id = await handedOff("busy@rcpt.test", queueId);
    const { record } = recorder();
    const busy = attempt(queueId, "busy@rcpt.test", "deferred", "host mx.rcpt.test[192.0.2.7] said: 451 4.2.1 Busy", 20);
    const before = Date.now();
    await record([busy], { inode: 1, offset: 100 });
    await record([busy], { inode: 1, offset: 200 });
    const deferred = await stateOf(id);
    expect(deferred.recipients).toMatchObject([{ status: "deferred", diagnostic: "451 4.2.1 Busy" }]);
    expect(deferred.events.map((event) => event.type)).toEqual(["delivery_delayed"]);
    // Postfix waits as long as the message is old, within its backoff limits: 300 s here.
    const next = Date.parse(String(deferred.events[0]!.detail.nextAttemptAt));
    expect(next - before).toBeGreaterThanOrEqual(299_000);
    expect(next - Date.now()).toBeLessThanOrEqual(300_000);
    expect(deferred.events[0]!.detail).toMatchObject({ recipient: "busy@rcpt.test", source: "mta-log", diagnostic: "451 4.2.1 Busy" });
    await record([line(`postfix/qmgr[9]: ${queueId}: from=<x@${RETURN_PATH}>, status=expired, returned to sender`)], {
      inode: 1,
      offset: 300,
    });
    const expired = await stateOf(id);
    expect(expired.recipients).toMatchObject([{ status: "expired", diagnostic: "expired in the queue; last reply: 451 4.2.1 Busy" }]);
    expect(expired.events.map((event) => [event.type, event.detail.bounceType ?? null])).toEqual([
      ["delivery_delayed", null],
      ["bounced", "soft"],
      ["expired", null],
    ]);
  });

  it("a bounce: the bounce rules (the address suppressed); reports to our own return path and unknown queue IDs change nothing", async () => {
    const queueId = qid();
    const id = await handedOff("gone@rcpt.test", queueId);
    const { record } = recorder();
    await record(
      [
        attempt(qid(), `msg_x-y@${RETURN_PATH}`, "sent", "250 Ok"),
        attempt(qid(), "stranger@rcpt.test", "sent", "250 Ok"),
        attempt(queueId, "gone@rcpt.test", "bounced", "host mx said: 550 5.1.1 No such user"),
      ],
      { inode: 1, offset: 50 },
    );
    const state = await stateOf(id);
    expect(state.status).toBe("bounced");
    expect(state.recipients).toMatchObject([{ status: "bounced", diagnostic: "550 5.1.1 No such user" }]);
    expect(state.events[0]?.detail).toMatchObject({ bounceType: "hard", source: "mta-log" });
    const suppressed = await db().execute(sql`select 1 from suppressions where email = 'gone@rcpt.test'`);
    expect(suppressed.rows.length).toBeGreaterThan(0);
  });

  it("the worker's write after the log deferred the same copy keeps it deferred; a copy deferred without a queue ID moves on", async () => {
    const queueId = qid();
    const early = await handedOff("early-busy@rcpt.test", null);
    const { record } = recorder();
    await record(
      [
        active(queueId, `${verpToken(early, "early-busy@rcpt.test")}@${RETURN_PATH}`),
        attempt(queueId, "early-busy@rcpt.test", "deferred", "451 4.2.1 Busy"),
      ],
      { inode: 1, offset: 10 },
    );
    const handOff = (email: string, copy: string | null) => ({
      status: "sent" as const,
      lastError: null,
      via: "service",
      sent: true,
      pending: [],
      events: [],
      recipients: [{ email, status: "sent" as const, diagnostic: "250 2.0.0 Ok", queueId: copy }],
    });
    await settleDelivery(early, handOff("early-busy@rcpt.test", queueId));
    expect((await stateOf(early)).recipients).toMatchObject([{ status: "deferred", queueId }]);
    // A relay's route has no queue IDs: its earlier deferral is replaced by the later hand-off.
    const relayed = await handedOff("later@rcpt.test", null);
    await db().insert(messageRecipients).values({ messageId: relayed, email: "later@rcpt.test", status: "deferred" });
    await settleDelivery(relayed, handOff("later@rcpt.test", null));
    expect((await stateOf(relayed)).recipients).toMatchObject([{ status: "sent" }]);
  });

  it("a batch that fails records nothing, and handed over again still finds a copy by its sender, logged in an earlier batch", async () => {
    const queueId = qid();
    const id = await handedOff("retry@rcpt.test", null);
    const { log, record } = recorder();
    await record([active(queueId, `${verpToken(id, "retry@rcpt.test")}@${RETURN_PATH}`)], { inode: 3, offset: 5 });
    const delivered = [attempt(queueId, "retry@rcpt.test", "sent", "250 Ok")];
    // A position PostgreSQL refuses (not a number) fails the batch's transaction after its outcomes were written.
    await expect(record(delivered, { inode: Number.NaN, offset: 10 })).rejects.toThrow();
    expect(await stateOf(id)).toMatchObject({ recipients: [], events: [] });
    expect(await storedLogPosition(log)).toEqual({ inode: 3, offset: 5 });
    await record(delivered, { inode: 3, offset: 10 });
    expect((await stateOf(id)).recipients).toMatchObject([{ status: "delivered", queueId }]);
  });
});
