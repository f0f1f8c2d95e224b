import { describe, expect, it } from "vitest";
import {
  hashAppPassword,
  hashMailboxPassword,
  newAppPasswordSecret,
  verifyAppPassword,
  verifyMailboxPassword,
} from "@/server/services/mailboxes/mailbox-password";

describe("mailbox passwords", () => {
  it("are stored as Dovecot's {ARGON2ID} scheme with p=1 and verify only the right password", async () => {
    const stored = await hashMailboxPassword("correct horse battery");
    expect(stored).toMatch(/^\{ARGON2ID\}\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyMailboxPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyMailboxPassword(stored, "correct horse batterY")).toBe(false);
    expect(await verifyMailboxPassword(stored.replace("{ARGON2ID}", "{PLAIN}"), "correct horse battery")).toBe(false);
  });

  it("app passwords are random, readable and stored as {SHA256.HEX}", () => {
    const secret = newAppPasswordSecret();
    expect(secret).toMatch(/^([a-z2-9]{6}-){3}[a-z2-9]{6}$/);
    expect(newAppPasswordSecret()).not.toBe(secret);
    const stored = hashAppPassword(secret);
    expect(stored).toMatch(/^\{SHA256\.HEX\}[0-9a-f]{64}$/);
    expect(verifyAppPassword(stored, secret)).toBe(true);
    expect(verifyAppPassword(stored, newAppPasswordSecret())).toBe(false);
  });
});
