// The SQL functions every mail door calls (migrations 0017 and 0018): who may
// log in to a mailbox, and the wrong-login budget. Dovecot and the submission
// listener reach them through their own queries; here they are called as
// those queries call them.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { storedAccount, storedMailboxOnNewDomain } from "../support/stored-records";

async function loginTarget(user: string, protocol: string): Promise<string[]> {
  const result = await db().execute<{ mailbox_id: string }>(sql`select mailbox_id from mailbox_login_target(${user}, ${protocol})`);
  return result.rows.map((row) => row.mailbox_id);
}

async function subjectOf(remote: string): Promise<string> {
  const result = await db().execute<{ subject: string }>(sql`select mail_login_subject(${remote}) as subject`);
  return result.rows[0]!.subject;
}

type Attempt = { allowed: boolean; address_failures: number; mailbox_failures: number };
async function attempt(user: string, remote: string, limits = { address: 20, mailbox: 3 }): Promise<Attempt> {
  const result = await db().execute<Attempt>(
    sql`select * from mail_login_attempt(${user}, ${remote}, ${limits.address}, 600, ${limits.mailbox}, 600)`,
  );
  return result.rows[0]!;
}

const succeeded = (user: string, remote: string) => db().execute(sql`select mail_login_succeeded(${user}, ${remote}, 30)`);
const randomIpv4 = () => `10.${[...randomBytes(3)].join(".")}`;

describe("mailbox_login_target", () => {
  it("finds the mailbox for each protocol switched on, by address in any case", async () => {
    const account = await storedAccount();
    const mailbox = await storedMailboxOnNewDomain(account.id, { pop3Enabled: false });
    expect(await loginTarget(mailbox.address.toUpperCase(), "imap")).toEqual([mailbox.id]);
    expect(await loginTarget(mailbox.address, "smtp")).toEqual([mailbox.id]);
    expect(await loginTarget(mailbox.address, "pop3")).toEqual([]);
    expect(await loginTarget(mailbox.address, "other")).toEqual([]);
  });

  it("an account scheduled for deletion logs in through no door", async () => {
    const account = await storedAccount({ deletionScheduledFor: new Date(Date.now() + 86_400_000) });
    const mailbox = await storedMailboxOnNewDomain(account.id);
    for (const protocol of ["imap", "pop3", "smtp"]) expect(await loginTarget(mailbox.address, protocol)).toEqual([]);
  });
});

describe("mail_login_subject", () => {
  it("counts IPv4 as given (also IPv4-mapped), IPv6 by its /64, nothing as unknown", async () => {
    expect(await subjectOf("192.0.2.7")).toBe("192.0.2.7");
    expect(await subjectOf("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(await subjectOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(await subjectOf("2001:db8:1:2:bbbb::9")).toBe("2001:db8:1:2::/64");
    expect(await subjectOf("")).toBe("unknown");
  });
});

describe("mail_login_attempt and mail_login_succeeded", () => {
  it("refuses a mailbox past its budget, except from an address it logged in from lately", async () => {
    const user = `box@budget-${randomBytes(4).toString("hex")}.example.com`;
    const owner = randomIpv4();
    expect((await attempt(user, owner)).allowed).toBe(true);
    await succeeded(user, owner); // the owner's client: counts back, address remembered
    const guesser = randomIpv4();
    const guesses = [];
    for (let index = 0; index < 4; index++) guesses.push(await attempt(user, guesser));
    expect(guesses.map((guess) => guess.allowed)).toEqual([true, true, true, false]);
    expect(guesses.at(-1)!.mailbox_failures).toBe(4);
    expect((await attempt(user, owner)).allowed).toBe(true);
  });

  it("refuses an address past its limit whatever the username; the shared apikey username has no mailbox budget", async () => {
    const remote = randomIpv4();
    const limits = { address: 2, mailbox: 100 };
    const results = [];
    for (let index = 0; index < 3; index++) results.push(await attempt("apikey", remote, limits));
    expect(results.map((result) => [result.allowed, result.mailbox_failures])).toEqual([
      [true, 0],
      [true, 0],
      [false, 0],
    ]);
    expect((await attempt(`box@any-${randomBytes(3).toString("hex")}.example.com`, remote, limits)).allowed).toBe(false);
  });

  it("a right password takes its attempt's counts back", async () => {
    const user = `box@back-${randomBytes(4).toString("hex")}.example.com`;
    const remote = randomIpv4();
    await attempt(user, remote);
    await succeeded(user, remote);
    expect(await attempt(user, remote)).toMatchObject({ allowed: true, address_failures: 1, mailbox_failures: 1 });
  });
});
