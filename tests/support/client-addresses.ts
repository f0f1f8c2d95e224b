// Loopback client addresses of a test file's own. Wrong mail logins are counted per
// client address (smtpAuthFailuresPerIp, docs/security.md "Mail logins"), and nearly
// every test logs in from 127.0.0.1: a file whose logins fail on purpose makes them
// from addresses of 127/8 that no other file (and no other run) plays, so files
// running at the same time never spend each other's budget.
import { randomInt } from "node:crypto";
import { sql } from "./database";

export type ClientAddresses = {
  /** A client address not handed out before. */
  next: () => string;
  /** Forgets the login counts of every address handed out (for afterAll). */
  forget: () => Promise<void>;
};

export function loopbackClientAddresses(): ClientAddresses {
  const base = `127.${randomInt(1, 250)}.${randomInt(1, 250)}`;
  let host = 1;
  return {
    next: () => `${base}.${host++}`,
    forget: async () => {
      await sql("delete from rate_limit_buckets where key like $1", [`%${base}.%`]);
    },
  };
}
