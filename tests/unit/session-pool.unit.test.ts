// The webmail's cache of IMAP sessions (server/mail-store/dovecot/session-pool.ts),
// driven with stand-in sessions that record what was done with them; the
// integration tests run it against Dovecot.
import { describe, expect, it } from "vitest";
import { SessionPool } from "@/server/mail-store/dovecot/session-pool";

class Refusal extends Error {}

type FakeSession = { id: number; key: string; alive: boolean; closed: boolean; inUse: number; resets: number };

function pool(options: { maxSessions?: number; idleMs?: number; resetWorks?: boolean } = {}) {
  const opened: FakeSession[] = [];
  let overlap = 0;
  const sessions = new SessionPool<FakeSession>({
    maxSessions: options.maxSessions ?? 3,
    idleMs: options.idleMs ?? 60_000,
    open: async (key) => {
      const session = { id: opened.length + 1, key, alive: true, closed: false, inUse: 0, resets: 0 };
      opened.push(session);
      return session;
    },
    isAlive: async (session) => session.alive,
    reset: async (session) => {
      session.resets += 1;
      return options.resetWorks ?? true;
    },
    close: async (session) => {
      session.closed = true;
    },
    keepsSession: (error) => error instanceof Refusal,
  });
  /** Uses the session of `key` for `ms`, noting whether two callers ever held one session at once. */
  const use = (key: string, ms = 5) =>
    sessions.run(key, key.split(":")[0]!, async (session) => {
      session.inUse += 1;
      if (session.inUse > 1) overlap += 1;
      await new Promise((resolve) => setTimeout(resolve, ms));
      session.inUse -= 1;
      return session.id;
    });
  return { sessions, opened, use, overlap: () => overlap };
}

describe("SessionPool", () => {
  it("reuses one session per key, one caller at a time, and resets it after each use", async () => {
    const { sessions, opened, use, overlap } = pool();
    const ids = await Promise.all([use("a"), use("a"), use("a"), use("b")]);
    expect(ids).toEqual([1, 1, 1, 2]);
    expect(overlap()).toBe(0);
    expect(await use("a")).toBe(1);
    expect(opened.map((session) => [session.key, session.resets])).toEqual([
      ["a", 4],
      ["b", 1],
    ]);
    expect(sessions.size).toBe(2);
  });

  it("closes a session after an error that is not a refusal, keeps it after a refusal", async () => {
    const { sessions, opened, use } = pool();
    await use("a");
    await expect(sessions.run("a", "a", async () => Promise.reject(new Refusal("not found")))).rejects.toThrow("not found");
    expect(opened[0]!.closed).toBe(false);
    await expect(sessions.run("a", "a", async () => Promise.reject(new Error("socket closed")))).rejects.toThrow("socket closed");
    expect(opened[0]!.closed).toBe(true);
    expect(await use("a")).toBe(2);
  });

  it("replaces a session that no longer answers, and one that cannot be reset", async () => {
    const dead = pool();
    await dead.use("a");
    dead.opened[0]!.alive = false;
    expect(await dead.use("a")).toBe(2);
    expect(dead.opened[0]!.closed).toBe(true);

    const stuck = pool({ resetWorks: false });
    expect(await stuck.use("a")).toBe(1);
    expect(stuck.opened[0]!.closed).toBe(true);
    expect(await stuck.use("a")).toBe(2);
  });

  it("keeps at most maxSessions: evicts the one unused longest, and past that lends a session of its own", async () => {
    const { sessions, opened, use } = pool({ maxSessions: 2 });
    await use("a");
    await use("b");
    await use("c"); // a was unused longest
    expect(opened.map((session) => [session.key, session.closed])).toEqual([
      ["a", true],
      ["b", false],
      ["c", false],
    ]);
    // Both kept sessions busy: the next key gets one of its own, closed after use.
    const busy = [use("b", 50), use("c", 50)];
    expect(await use("d")).toBe(4);
    expect(opened[3]!.closed).toBe(true);
    await Promise.all(busy);
    expect(sessions.size).toBe(2);
  });

  it("closes a session left idle, and a group's sessions on request", async () => {
    const { sessions, opened, use } = pool({ idleMs: 30 });
    await use("x:1");
    await use("y:1");
    await sessions.closeGroup("y");
    expect(opened[1]!.closed).toBe(true);
    expect(opened[0]!.closed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(opened[0]!.closed).toBe(true);
    expect(sessions.size).toBe(0);
  });

  it("closes a group's session only after the caller using it is done", async () => {
    const { sessions, opened, use } = pool();
    const running = use("m:1", 40);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const closing = sessions.closeGroup("m");
    expect(opened[0]!.closed).toBe(false);
    expect(await running).toBe(1);
    await closing;
    expect(opened[0]!.closed).toBe(true);
  });

  it("closes every idle session at once (the storage went away)", async () => {
    const { sessions, opened, use } = pool();
    await Promise.all([use("a"), use("b")]);
    await sessions.closeAll();
    expect(opened.every((session) => session.closed)).toBe(true);
    expect(sessions.size).toBe(0);
  });
});
