// The event feed end to end (docs/events.md), against the real server and
// database: paging and replay, order and completeness while writers commit
// concurrently (and while an older transaction is still open), long-poll,
// Server-Sent Events with Last-Event-ID, a stalled stream client cut off
// without hurting another, scopes and isolation between accounts, bad input,
// a bounce DSN through the MX, a message the MX delivers to a hosted
// mailbox, and retention (410 for an expired cursor, last:
// it moves the feed's horizon for the whole server).
import http from "node:http";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { revokeApiKey } from "@/shared/api/endpoints/api-keys";
import { logout } from "@/shared/api/endpoints/auth";
import { listEvents } from "@/shared/api/endpoints/events";
import { listMessages, sendMessage } from "@/shared/api/endpoints/messages";
import { createSmtpRelay } from "@/shared/api/endpoints/smtp-relays";
import { addSuppression, removeSuppression } from "@/shared/api/endpoints/suppressions";
import { listMembers, removeMember } from "@/shared/api/endpoints/teams";
import { type FeedEvent, feedEventSchema } from "@/shared/schemas/events";
import { baseUrl, call, randomIp } from "../support/api-client";
import { sql, testDb } from "../support/database";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { inboundFixture } from "../support/inbound-fixtures";
import { verifiedDomain } from "../support/domains";
import { newApiKey } from "../support/sending";
import { joinedMember } from "../support/teams";
import { newMailbox } from "../support/hosted-mailboxes";
import { mxTransaction, short } from "../support/mx-client";
import { eventually, until } from "../support/poll";

const embedded = !process.env.DATABASE_URL;

type Page = { items: FeedEvent[]; nextCursor: string };

async function page(token: string, query: Record<string, string | number> = {}): Promise<Page> {
  const answer = await call(listEvents, { token, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Page;
}

/** Every event after `after`, page by page (`limit` each), until a page comes back empty. */
async function readAll(token: string, after?: string, limit = 7): Promise<{ items: FeedEvent[]; cursor: string }> {
  const items: FeedEvent[] = [];
  let cursor = after;
  for (;;) {
    const next = await page(token, { limit, ...(cursor ? { after: cursor } : {}) });
    items.push(...next.items);
    cursor = next.nextCursor;
    if (next.items.length === 0) return { items, cursor: cursor! };
  }
}

const suppress = (account: TestAccount, email: string) => call(addSuppression, { token: account.accessToken, body: { email } });

describe("paging the feed", () => {
  it("lists suppression changes in order; the same cursor always gives the same next events; filters narrow", async () => {
    const account = await createAccount();
    const emails = Array.from({ length: 5 }, (_, index) => uniqueEmail(`page${index}`).toLowerCase());
    for (const email of emails) expect((await suppress(account, email)).status).toBe(201);
    expect((await call(removeSuppression, { token: account.accessToken, params: { email: emails[0]! } })).status).toBe(200);

    const { items } = await readAll(account.accessToken, undefined, 2);
    expect(items.map((event) => [event.type, event.object.id])).toEqual([
      ...emails.map((email) => ["suppression.added", email]),
      ["suppression.removed", emails[0]],
    ]);
    expect(items[0]).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      type: "suppression.added",
      createdAt: expect.any(String),
      object: { type: "suppression", id: emails[0] },
      detail: { email: emails[0], reason: "manual", messageId: null },
    });
    const firstTwo = await page(account.accessToken, { limit: 2 });
    for (let replay = 0; replay < 3; replay++) {
      const again = await page(account.accessToken, { limit: 3, after: firstTwo.nextCursor });
      expect(again.items.map((event) => event.id)).toEqual(items.slice(2, 5).map((event) => event.id));
    }
    const removed = await page(account.accessToken, { types: "suppression.removed,domain.verified" });
    expect(removed.items.map((event) => event.object.id)).toEqual([emails[0]]);
    // A short page's cursor is the end of everything readable: nothing comes after it yet.
    expect((await page(account.accessToken, { after: removed.nextCursor })).items).toEqual([]);
  });

  it("gives each event's time in UTC to the millisecond, as it was written", async () => {
    const account = await createAccount();
    for (const name of ["t1", "t2", "t3"]) expect((await suppress(account, `${name}@example.test`)).status).toBe(201);
    const { items } = await readAll(account.accessToken);
    const rows = await sql<{ id: string; created_at: Date }>("select id, created_at from account_events where account_id = $1", [
      account.user.id,
    ]);
    const written = new Map(rows.map((row) => [row.id, row.created_at.toISOString()]));
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(item.createdAt).toBe(written.get(item.id));
    }
  });

  it("shows a message's events with its domain, and `domain` filters by it", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account, "evt");
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `Shop <shop@${domain.name}>`, to: uniqueEmail("buyer"), subject: "Hi", text: "Hello." },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const { items } = await readAll(account.accessToken);
    expect(items.map((event) => event.type)).toContain("domain.verified");
    expect(items.find((event) => event.type === "message.queued")?.object).toEqual({ type: "message", id: sent.body.data.id });
    const filtered = await page(account.accessToken, { domain: domain.name.toUpperCase() });
    expect(filtered.items.length).toBeGreaterThanOrEqual(2);
    // Filters combine.
    const queued = await page(account.accessToken, { domain: domain.name, types: "message.queued,suppression.added" });
    expect(queued.items.map((event) => [event.type, event.object.id])).toEqual([["message.queued", sent.body.data.id]]);
    expect((await page(account.accessToken, { domain: "other.example" })).items).toEqual([]);
  });
});

describe("order and completeness", () => {
  it("while writers commit concurrently, a long-polling reader sees every event exactly once, as a replay does", async () => {
    const account = await createAccount();
    const total = 60;
    const emails = Array.from({ length: total }, (_, index) => uniqueEmail(`c${index}`).toLowerCase());
    const seen: FeedEvent[] = [];
    const reader = (async () => {
      let cursor: string | undefined;
      while (seen.length < total) {
        const next = await page(account.accessToken, { limit: 5, wait: 10, ...(cursor ? { after: cursor } : {}) });
        seen.push(...next.items);
        cursor = next.nextCursor;
      }
    })();
    // Ten writers at once, each committing its own transactions.
    await Promise.all(
      Array.from({ length: 10 }, async (_, writer) => {
        for (let index = writer; index < total; index += 10) expect((await suppress(account, emails[index]!)).status).toBe(201);
      }),
    );
    await reader;
    expect(seen.map((event) => event.object.id).sort()).toEqual([...emails].sort());
    expect(new Set(seen.map((event) => event.id)).size).toBe(total);
    const replay = await readAll(account.accessToken, undefined, 9);
    expect(replay.items.map((event) => event.id)).toEqual(seen.map((event) => event.id));
  });

  it.skipIf(embedded)("an event of a transaction still open is not skipped by events committed after it", async () => {
    const account = await createAccount();
    const before = await page(account.accessToken);
    const client = await testDb().connect();
    try {
      await client.query("begin");
      await client.query("insert into suppressions (account_id, email, reason) values ($1, 'held@example.test', 'manual')", [
        account.user.id,
      ]);
      expect((await suppress(account, "later@example.test")).status).toBe(201);
      // The later event is committed, but the older transaction still runs: nothing is shown past it.
      const during = await page(account.accessToken, { after: before.nextCursor });
      expect(during.items).toEqual([]);
      await client.query("commit");
    } finally {
      client.release();
    }
    // Shown once no older transaction runs on the server: other tests' transactions may still be open a moment.
    const after = await eventually(
      () => page(account.accessToken, { after: before.nextCursor }),
      (answer) => answer.items.length > 0,
      { what: "the held and the later event" },
    );
    expect(after.items.map((event) => event.object.id)).toEqual(["held@example.test", "later@example.test"]);
  });

  it("long-poll answers as soon as an event commits, and with an empty page when the wait ends", async () => {
    const account = await createAccount();
    const start = await page(account.accessToken);
    const startedAt = Date.now();
    const waiting = page(account.accessToken, { after: start.nextCursor, wait: 20 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await suppress(account, "woken@example.test");
    const woken = await waiting;
    expect(woken.items.map((event) => event.object.id)).toEqual(["woken@example.test"]);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    const idleStart = Date.now();
    const idle = await page(account.accessToken, { after: woken.nextCursor, wait: 1 });
    expect(idle.items).toEqual([]);
    expect(Date.now() - idleStart).toBeGreaterThanOrEqual(900);
  });
});

describe("who may read it", () => {
  it("needs credentials (401); a sending key is refused (403); events:read and full keys read; another account's events never appear", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    await suppress(owner, "owner-only@example.test");
    await suppress(other, "other-only@example.test");
    expect((await call(listEvents, {})).status).toBe(401);
    expect((await call(listEvents, { token: "ces_not-a-real-key" })).status).toBe(401);
    const sending = await newApiKey(owner, { scope: "sending" });
    const refused = await call(listEvents, { token: sending.secret });
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe("forbidden");
    for (const scope of ["events:read", "full"]) {
      const key = await newApiKey(owner, { scope });
      const read = await page(key.secret);
      expect(read.items.map((event) => event.object.id)).toEqual(["owner-only@example.test"]);
    }
    // An events:read key reads the feed and nothing else.
    const reader = await newApiKey(owner, { scope: "events:read" });
    expect((await call(listMessages, { token: reader.secret })).status).toBe(403);
    const { items } = await readAll(other.accessToken);
    expect(items.map((event) => event.object.id)).toEqual(["other-only@example.test"]);
  });

  it("refuses bad input with 400", async () => {
    const account = await createAccount();
    const queries: Record<string, string | number>[] = [
      { limit: 0 },
      { limit: 501 },
      { limit: "ten" },
      { wait: 0 },
      { wait: 31 },
      { types: "message.nope" },
      { types: "," },
      { after: "not a cursor" },
      { after: "bm90LWEtY3Vyc29y" },
    ];
    for (const query of queries) {
      const answer = await call(listEvents, { token: account.accessToken, query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.error?.code).toBe("validation_error");
    }
  });
});

// ---- Server-Sent Events ----

type SseEvent = { id: string; event: string; data: FeedEvent };

/** An SSE connection read with node:http, so a test can also stop reading it. */
function openStream(token: string, headers: Record<string, string> = {}, query = "") {
  const url = new URL(`${baseUrl()}/api/v1/events/stream${query}`);
  const events: SseEvent[] = [];
  /** Everything received, comments and error bodies included. */
  let raw = "";
  let buffer = "";
  /** Reads that brought at least one event. */
  let reads = 0;
  let listener: (() => void) | null = null;
  let ended = false;
  const ready = new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": randomIp(), ...headers } }, resolve);
    request.on("error", reject);
  });
  const attach = ready.then((response) => {
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      if (chunk.includes("\ndata: ")) reads++;
      raw += chunk;
      buffer += chunk;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split("\n")
            .filter((line) => line && !line.startsWith(":"))
            .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
        );
        if (fields.data) events.push({ id: fields.id!, event: fields.event!, data: JSON.parse(fields.data) });
        end = buffer.indexOf("\n\n");
      }
      listener?.();
    });
    const finish = () => {
      ended = true;
      listener?.();
    };
    response.on("end", finish);
    response.on("close", finish);
    response.on("error", finish);
    return response;
  });
  return {
    events,
    raw: () => raw,
    reads: () => reads,
    response: attach,
    ended: () => ended,
    async until(check: () => boolean, timeoutMs = 10_000) {
      await attach;
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`stream: timed out with ${events.length} events`);
        await new Promise<void>((resolve) => {
          listener = resolve;
          setTimeout(resolve, 200);
        });
      }
    },
    close: async () => (await ready).destroy(),
  };
}

describe("the live stream", () => {
  it("streams the feed and new events live; Last-Event-ID resumes after that event", async () => {
    const account = await createAccount();
    for (const name of ["s1", "s2", "s3"]) await suppress(account, `${name}@example.test`);
    const stream = openStream(account.accessToken);
    const response = await stream.response;
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
    await stream.until(() => stream.events.length >= 3);
    await suppress(account, "s4@example.test");
    await stream.until(() => stream.events.length >= 4);
    expect(stream.events.map((event) => [event.event, event.data.object.id])).toEqual(
      ["s1", "s2", "s3", "s4"].map((name) => ["suppression.added", `${name}@example.test`]),
    );
    await stream.close();

    const resumed = openStream(account.accessToken, { "last-event-id": stream.events[1]!.id });
    await resumed.until(() => resumed.events.length >= 2);
    expect(resumed.events.map((event) => event.data.object.id)).toEqual(["s3@example.test", "s4@example.test"]);
    // Each id is a cursor of GET /events too.
    const after = await page(account.accessToken, { after: stream.events[2]!.id });
    expect(after.items.map((event) => event.id)).toEqual([stream.events[3]!.data.id]);
    await resumed.close();

    const bad = openStream(account.accessToken, { "last-event-id": "garbage!" });
    expect((await bad.response).statusCode).toBe(400);
    await bad.close();
    const unauthenticated = openStream("");
    expect((await unauthenticated.response).statusCode).toBe(401);
    await unauthenticated.close();
  });

  it("many streams of one account, sharing their reads, each get every event exactly once, in order", async () => {
    const account = await createAccount();
    const start = await page(account.accessToken);
    const streams = Array.from({ length: 20 }, () => openStream(account.accessToken, { "last-event-id": start.nextCursor }));
    await Promise.all(streams.map((stream) => stream.response));
    const emails = Array.from({ length: 30 }, (_, index) => `many${index}@example.test`);
    // Written four at a time, so new events keep waking the streams while they read.
    for (let index = 0; index < emails.length; index += 4)
      await Promise.all(emails.slice(index, index + 4).map((email) => suppress(account, email)));
    const feed = (await readAll(account.accessToken, start.nextCursor)).items.map((event) => event.id);
    expect(feed).toHaveLength(emails.length);
    for (const stream of streams) {
      await stream.until(() => stream.events.length >= emails.length, 20_000);
      expect(stream.events.map((event) => event.data.id)).toEqual(feed);
      await stream.close();
    }
  });

  it("a burst of commits reaches each of 25 streams exactly once, in order, in one write per wake-up spacing", async () => {
    const account = await createAccount();
    const start = await page(account.accessToken);
    // On two credentials: at most 20 streams may be open per session or API key (docs/events.md, "Limits").
    const key = await newApiKey(account, { scope: "events:read" });
    const streams = Array.from({ length: 25 }, (_, index) =>
      openStream(index % 2 ? key.secret : account.accessToken, { "last-event-id": start.nextCursor }),
    );
    await Promise.all(streams.map((stream) => stream.response));
    const startedAt = Date.now();
    // 60 transactions from 6 writers at once, each notifying at its commit.
    await Promise.all(
      Array.from({ length: 6 }, async (_, writer) => {
        for (let index = 0; index < 10; index++) expect((await suppress(account, `burst${writer}-${index}@example.test`)).status).toBe(201);
      }),
    );
    const feed = (await readAll(account.accessToken, start.nextCursor)).items.map((event) => event.id);
    expect(feed).toHaveLength(60);
    for (const stream of streams) await stream.until(() => stream.events.length >= feed.length, 20_000);
    // A wake-up of 25 streams is followed by 50 ms (2 ms a stream, docs/events.md "Live") before the next one.
    const wakeUps = Math.floor((Date.now() - startedAt) / 50) + 1;
    for (const stream of streams) {
      expect(stream.events.map((event) => event.data.id)).toEqual(feed);
      expect(stream.reads()).toBeLessThanOrEqual(wakeUps + 1);
      await stream.close();
    }
  });

  it("cuts off a client that stops reading, while another account's stream goes on", { timeout: 120_000 }, async () => {
    const slowAccount = await createAccount();
    const fastAccount = await createAccount();
    // Far more than the socket buffers hold (loopback buffers grow to several
    // megabytes each way here), so the slow client's
    // connection stalls.
    await sql(
      `insert into suppressions (account_id, email, reason)
       select $1, 'slow-' || repeat('x', 200) || g || '@example.test', 'manual' from generate_series(1, 100000) g`,
      [slowAccount.user.id],
    );
    const slow = openStream(slowAccount.accessToken);
    const slowResponse = await slow.response;
    slowResponse.pause();
    const fast = openStream(fastAccount.accessToken);
    await fast.response;
    const stalledAt = Date.now();
    let fastCount = 0;
    while (Date.now() - stalledAt < 36_000) {
      await suppress(fastAccount, `fast${fastCount}@example.test`);
      fastCount++;
      const sentAt = Date.now();
      await fast.until(() => fast.events.length >= fastCount, 10_000);
      // Generous: the slow stream's 30,000 events are being written meanwhile on a busy 2-core machine.
      expect(Date.now() - sentAt).toBeLessThan(8_000);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
    // The server gave up on the slow client: reading now finds the end of a truncated stream.
    slowResponse.resume();
    await slow.until(() => slow.ended(), 30_000);
    expect(slow.events.length).toBeGreaterThan(0);
    expect(slow.events.length).toBeLessThan(100_000);
    await fast.close();
  });
});

// ---- streams and long polls last only as long as their credential ----

/** The stream ended by itself: a last comment says why, then the server closed it. */
async function expectEndedWithin(stream: ReturnType<typeof openStream>, ms: number, why: RegExp) {
  const startedAt = Date.now();
  await stream.until(() => stream.ended(), ms);
  expect(stream.raw()).toMatch(why);
  return Date.now() - startedAt;
}

describe("a stream or long poll ends with its credential", () => {
  it("a stream ends at once when its session signs out, and reconnecting is 401", async () => {
    const account = await createAccount();
    const stream = openStream(account.accessToken);
    expect((await stream.response).statusCode).toBe(200);
    await suppress(account, "before-logout@example.test");
    await stream.until(() => stream.events.length === 1);
    expect((await call(logout, { body: { refreshToken: account.refreshToken } })).status).toBe(200);
    // Well inside the idle re-check (15 s): the sign-out itself ends it.
    expect(await expectEndedWithin(stream, 5_000, /: The session has ended/)).toBeLessThan(5_000);
    const again = openStream(account.accessToken);
    expect((await again.response).statusCode).toBe(401);
    await again.close();
  });

  it("a member's stream reads the team's feed, and ends at once when the member is removed", async () => {
    const owner = await createAccount();
    const member = await joinedMember(owner, "viewer");
    const stream = openStream(member.inTeam.accessToken);
    expect((await stream.response).statusCode).toBe(200);
    await suppress(owner, "seen-by-the-team@example.test");
    await stream.until(() => stream.events.length === 1);
    const entry = (await call(listMembers, { token: owner.accessToken })).body.data.find((person) => person.email === member.email)!;
    expect((await call(removeMember, { token: owner.accessToken, params: { member_id: entry.id } })).status).toBe(200);
    expect(await expectEndedWithin(stream, 5_000, /: The session has ended/)).toBeLessThan(5_000);
  });

  it("a stream opened with an API key ends at once when the key is deleted", async () => {
    const account = await createAccount();
    const key = await newApiKey(account, { scope: "events:read" });
    const stream = openStream(key.secret);
    expect((await stream.response).statusCode).toBe(200);
    const other = openStream(account.accessToken);
    expect((await other.response).statusCode).toBe(200);
    expect((await call(revokeApiKey, { token: account.accessToken, params: { key_id: key.id } })).status).toBe(200);
    await expectEndedWithin(stream, 5_000, /: The API key is invalid, revoked or expired/);
    // The account's other credentials go on.
    await suppress(account, "after-revoke@example.test");
    await other.until(() => other.events.length === 1);
    expect(other.ended()).toBe(false);
    await other.close();
    const again = openStream(key.secret);
    expect((await again.response).statusCode).toBe(401);
    await again.close();
  });

  it("a stream sends no batch once its session has stopped working, even unannounced", async () => {
    const account = await createAccount();
    const stream = openStream(account.accessToken);
    expect((await stream.response).statusCode).toBe(200);
    // Expired in place: no revocation, so nothing tells the stream; its next batch must find out.
    await sql("update sessions set expires_at = now() where account_id = $1", [account.user.id]);
    await sql("insert into suppressions (account_id, email, reason) values ($1, 'unseen@example.test', 'manual')", [account.user.id]);
    await expectEndedWithin(stream, 5_000, /: The session has ended/);
    expect(stream.events).toEqual([]);
  });

  it("a waiting long poll answers 401 at once when its session signs out or its API key is deleted", async () => {
    const account = await createAccount();
    const key = await newApiKey(account, { scope: "events:read" });
    const start = await page(account.accessToken);
    const startedAt = Date.now();
    const bySession = call(listEvents, { token: account.accessToken, query: { after: start.nextCursor, wait: 25 } });
    const byKey = call(listEvents, { token: key.secret, query: { after: start.nextCursor, wait: 25 } });
    // Both are waiting, each holding a place, before their credentials go (checked last, so a failure shows the answers first).
    const placesOf = async () =>
      Number((await sql<{ count: string }>("select count(*) from feed_connections where account_id = $1", [account.user.id]))[0]!.count);
    const bothWaiting = await until(async () => (await placesOf()) === 2, 3_000);
    expect((await call(revokeApiKey, { token: account.accessToken, params: { key_id: key.id } })).status).toBe(200);
    expect((await call(logout, { body: { refreshToken: account.refreshToken } })).status).toBe(200);
    for (const answer of [await byKey, await bySession]) {
      expect(answer.status).toBe(401);
      expect(answer.error?.code).toBe("unauthorized");
    }
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(bothWaiting).toBe(true);
    // And gave them back.
    expect(await until(async () => (await placesOf()) === 0, 2_000)).toBe(true);
  });
});

describe("limits on open streams and waiting long polls", () => {
  /** Opens streams with `token` until `count` are open, each answered 200. */
  async function openMany(token: string, count: number) {
    const streams = [];
    for (let index = 0; index < count; index++) {
      const stream = openStream(token);
      expect((await stream.response).statusCode).toBe(200);
      streams.push(stream);
    }
    return streams;
  }

  async function expectRefused(token: string, limit: string, max: number) {
    const refused = openStream(token);
    const response = await refused.response;
    await refused.until(() => refused.ended());
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    const body = JSON.parse(refused.raw());
    expect(body.data).toMatchObject({ code: "rate_limited", limit, max, retryAfterSeconds: expect.any(Number) });
    expect(body.message).toContain(`At most ${max} event streams`);
  }

  it("refuses the 21st stream of one API key with 429 naming the limit, counts waiting long polls too, and closing one frees a place", async () => {
    const account = await createAccount();
    const key = await newApiKey(account, { scope: "events:read" });
    const streams = await openMany(key.secret, 20);
    await expectRefused(key.secret, "feed_connections_per_credential", 20);
    // A long poll that would wait needs a place as well; one that has events to give does not.
    const start = await page(account.accessToken);
    const waiting = await call(listEvents, { token: key.secret, query: { after: start.nextCursor, wait: 5 } });
    expect(waiting.status).toBe(429);
    expect(waiting.error).toMatchObject({ code: "rate_limited", limit: "feed_connections_per_credential", max: 20 });
    expect((await call(listEvents, { token: key.secret })).status).toBe(200);
    // The account's session has places of its own.
    const bySession = openStream(account.accessToken);
    expect((await bySession.response).statusCode).toBe(200);
    await streams.pop()!.close();
    const reopened = await eventually(
      async () => {
        const stream = openStream(key.secret);
        const { statusCode } = await stream.response;
        if (statusCode !== 200) await stream.close();
        return { stream, statusCode };
      },
      (attempt) => attempt.statusCode === 200,
      { what: "a place freed by the closed stream" },
    );
    streams.push(reopened.stream);
    for (const stream of [...streams, bySession]) await stream.close();
  });

  it("refuses the 51st stream of one account, whatever the credentials, with 429 naming the account limit", async () => {
    const account = await createAccount();
    const keys = [await newApiKey(account, { scope: "events:read" }), await newApiKey(account, { scope: "full" })];
    const streams = [
      ...(await openMany(keys[0]!.secret, 20)),
      ...(await openMany(keys[1]!.secret, 20)),
      ...(await openMany(account.accessToken, 10)),
    ];
    const third = await newApiKey(account, { scope: "events:read" });
    await expectRefused(third.secret, "feed_connections_per_account", 50);
    await expectRefused(account.accessToken, "feed_connections_per_account", 50);
    // Another account is not affected.
    const other = await createAccount();
    const elsewhere = openStream(other.accessToken);
    expect((await elsewhere.response).statusCode).toBe(200);
    for (const stream of [...streams, elsewhere]) await stream.close();
  });
});

// ---- a bounce through the MX ----

describe("a bounce DSN through the MX", () => {
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
  beforeAll(() => new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", () => resolve())));
  afterAll(() => new Promise<void>((resolve) => relay.close(() => resolve())));

  it("appears in the feed as message.bounced with the recipient, and its suppression.added", async () => {
    const account = await createAccount();
    const domain = (await verifiedDomain(account, "evb")).name;
    const port = (relay.server.address() as { port: number }).port;
    const created = await call(createSmtpRelay, {
      token: account.accessToken,
      body: { name: "MTA", smtp_host: "127.0.0.1", smtp_port: port, encryption: "none" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const recipient = uniqueEmail("gone");
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `Shop <orders@${domain}>`, to: recipient, subject: "Your order", text: "Thanks." },
    });
    expect(sent.status).toBe(201);
    const start = await page(account.accessToken);
    const stream = openStream(account.accessToken, { "last-event-id": start.nextCursor });
    await stream.response;
    const deadline = Date.now() + 20_000;
    while (!returnPaths.get(recipient)) {
      if (Date.now() > deadline) throw new Error("the relay never got the message");
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const verp = returnPaths.get(recipient)!;
    const mx = nodemailer.createTransport({ host: "127.0.0.1", port: inject("mxPort"), secure: false, ignoreTLS: true });
    await mx.sendMail({ envelope: { from: "", to: [verp] }, raw: inboundFixture("postfix-hard", { verp, recipient, domain }) });
    await stream.until(() => stream.events.some((event) => event.event === "message.bounced"));
    const bounced = stream.events.find((event) => event.event === "message.bounced")!.data;
    expect(bounced.object).toEqual({ type: "message", id: sent.body.data.id });
    expect(bounced.detail).toMatchObject({ recipient: recipient.toLowerCase(), bounceType: "hard" });
    await stream.until(() => stream.events.some((event) => event.event === "suppression.added"));
    await stream.close();
  });
});

// ---- a message received by a hosted mailbox ----

describe("a message delivered by the MX to a hosted mailbox", () => {
  it("appears in the feed as mailbox.received with the mailbox, sender, subject and folder, for its account only", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const domain = await verifiedDomain(account, "evm");
    const box = await newMailbox(account, domain);
    const subject = `Lunch on Friday ${Date.now().toString(36)}`;
    const raw = Buffer.from(
      `From: Grace <grace@sender.example.org>\r\nTo: ${box.address}\r\nSubject: ${subject}\r\nMessage-ID: <${Date.now()}@sender.example.org>\r\n\r\nAre you free?\r\n`,
    );
    const delivered = await mxTransaction(inject("mxPort"), "grace@sender.example.org", [box.address], raw);
    expect(short(delivered.data)).toMatch(/^250/);

    const received = await eventually(
      async () => (await page(account.accessToken, { types: "mailbox.received" })).items,
      (items) => items.length > 0,
      { what: "the mailbox.received event" },
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: "mailbox.received",
      object: { type: "mailbox", id: box.id },
      detail: { mailbox: box.address, from: "grace@sender.example.org", subject, folder: "INBOX", spamScore: null },
    });
    // It matches its variant of the declared union, and the mailbox and domain filters find it.
    expect(feedEventSchema.safeParse(received[0]).success).toBe(true);
    expect((await page(account.accessToken, { mailbox: box.address.toUpperCase() })).items.map((event) => event.id)).toEqual([
      received[0]!.id,
    ]);
    expect((await page(account.accessToken, { domain: domain.name, types: "mailbox.received" })).items).toHaveLength(1);
    expect((await page(other.accessToken, { types: "mailbox.received" })).items).toEqual([]);
  });
});

// ---- retention: last, because pruning moves the horizon for every account ----

describe("retention", () => {
  it("prunes events past 30 days; a cursor from before the horizon is 410 cursor_expired, on the stream too", async () => {
    process.env.DATABASE_URL = inject("databaseUrl");
    process.env.LOG_LEVEL = "silent";
    const { pruneEvents } = await import("@/server/services/events/prune-events");
    const account = await createAccount();
    await suppress(account, "old1@example.test");
    const old = await page(account.accessToken, { limit: 1 });
    await suppress(account, "old2@example.test");
    await sql("update account_events set created_at = now() - interval '31 days' where account_id = $1", [account.user.id]);
    await suppress(account, "new@example.test");
    expect(await pruneEvents()).toBeGreaterThanOrEqual(2);
    const expired = await call(listEvents, { token: account.accessToken, query: { after: old.nextCursor } });
    expect(expired.status).toBe(410);
    expect(expired.error?.code).toBe("cursor_expired");
    const stream = openStream(account.accessToken, { "last-event-id": old.nextCursor });
    expect((await stream.response).statusCode).toBe(410);
    await stream.close();
    // From the start, the feed holds what is kept.
    expect((await page(account.accessToken)).items.map((event) => event.object.id)).toEqual(["new@example.test"]);
  });
});
