// A small cache of open sessions, one per key, for the webmail's IMAP
// sessions (docs/webmail.md, "Sessions"). A session serves one caller at a
// time (the others queue for it), is checked before it is reused, closes
// after an error and after `idleMs` unused; at most `maxSessions` are kept,
// and past that a caller gets a session of its own, closed after use. It
// holds nothing another process needs to agree on: any session can be
// closed at any time and the next caller opens a new one.

export type SessionPoolOptions<S> = {
  maxSessions: number;
  idleMs: number;
  open: (key: string) => Promise<S>;
  /** Whether a session kept from before still answers. */
  isAlive: (session: S) => Promise<boolean>;
  /** Puts a session back as a new one would be; false when it cannot, and it is closed instead. */
  reset: (session: S) => Promise<boolean>;
  close: (session: S) => Promise<void>;
  /** Errors after which the session is still sound (the caller's own refusals, such as a 404). */
  keepsSession: (error: unknown) => boolean;
};

type Entry<S> = {
  key: string;
  group: string;
  session: S | null;
  /** Callers that asked for this entry and have not finished (the one using it included). */
  waiting: number;
  /** Settles when the last caller in line is done: the next one waits for it. */
  tail: Promise<void>;
  idleTimer: NodeJS.Timeout | null;
  lastUsed: number;
};

export class SessionPool<S> {
  private readonly entries = new Map<string, Entry<S>>();

  constructor(private readonly options: SessionPoolOptions<S>) {}

  /** How many sessions are kept open (for tests and logs). */
  get size(): number {
    return [...this.entries.values()].filter((entry) => entry.session !== null).length;
  }

  /** Runs `use` with the session of `key` (`group` names the keys to close together: closeGroup). */
  async run<T>(key: string, group: string, use: (session: S) => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= this.options.maxSessions && !this.evictIdlest()) return this.runAlone(key, use);
      entry = { key, group, session: null, waiting: 0, tail: Promise.resolve(), idleTimer: null, lastUsed: Date.now() };
      this.entries.set(key, entry);
    }
    const current = entry;
    current.waiting += 1;
    const turn = current.tail.then(() => this.useEntry(current, use));
    current.tail = turn.then(
      () => {},
      () => {},
    );
    try {
      return await turn;
    } finally {
      current.waiting -= 1;
      current.lastUsed = Date.now();
      if (current.waiting === 0) this.park(current);
    }
  }

  /** Closes every session of the group once its callers are done (a deleted mailbox). */
  async closeGroup(group: string): Promise<void> {
    const closing = [...this.entries.values()].filter((entry) => entry.group === group);
    await Promise.all(closing.map((entry) => entry.tail.then(() => this.closeEntry(entry))));
  }

  /** Closes every session not in use now (the storage went away). */
  async closeAll(): Promise<void> {
    const idle = [...this.entries.values()].filter((entry) => entry.waiting === 0);
    await Promise.all(idle.map((entry) => this.closeEntry(entry)));
  }

  private async useEntry<T>(entry: Entry<S>, use: (session: S) => Promise<T>): Promise<T> {
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    if (entry.session && !(await this.options.isAlive(entry.session).catch(() => false))) await this.dropSession(entry);
    entry.session ??= await this.options.open(entry.key);
    const session = entry.session;
    let result: T;
    try {
      result = await use(session);
    } catch (error) {
      if (!this.options.keepsSession(error) || !(await this.resetOrFalse(session))) await this.dropSession(entry);
      throw error;
    }
    if (!(await this.resetOrFalse(session))) await this.dropSession(entry);
    return result;
  }

  private async runAlone<T>(key: string, use: (session: S) => Promise<T>): Promise<T> {
    const session = await this.options.open(key);
    try {
      return await use(session);
    } finally {
      await this.options.close(session).catch(() => {});
    }
  }

  private resetOrFalse(session: S): Promise<boolean> {
    return this.options.reset(session).catch(() => false);
  }

  private async dropSession(entry: Entry<S>): Promise<void> {
    const session = entry.session;
    entry.session = null;
    if (session) await this.options.close(session).catch(() => {});
  }

  /** Nobody waits: keep the session until it idles out, or forget an entry that has none. */
  private park(entry: Entry<S>): void {
    if (!entry.session) {
      this.entries.delete(entry.key);
      return;
    }
    entry.idleTimer = setTimeout(() => {
      if (entry.waiting === 0) void this.closeEntry(entry);
    }, this.options.idleMs);
    entry.idleTimer.unref();
  }

  private async closeEntry(entry: Entry<S>): Promise<void> {
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    if (this.entries.get(entry.key) === entry && entry.waiting === 0) this.entries.delete(entry.key);
    await this.dropSession(entry);
  }

  /** Closes the session unused the longest to make room; false when every one is in use. */
  private evictIdlest(): boolean {
    let idlest: Entry<S> | null = null;
    for (const entry of this.entries.values()) {
      if (entry.waiting === 0 && (!idlest || entry.lastUsed < idlest.lastUsed)) idlest = entry;
    }
    if (!idlest) return false;
    void this.closeEntry(idlest);
    return true;
  }
}
