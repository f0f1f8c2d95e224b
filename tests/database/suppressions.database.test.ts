// The suppression list's stored rules (docs/bounces.md, "Suppression list"):
// one row per account and lower-cased address; a bounce or complaint replaces
// the reason, a manual add changes nothing.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { findSuppressed } from "@/server/services/suppressions/find-suppressed";
import { suppressAddress } from "@/server/services/suppressions/suppress-address";
import { storedAccount } from "../support/stored-records";

describe("suppressions", () => {
  it("stores the address lower-cased, once per account", async () => {
    const account = await storedAccount();
    const first = await suppressAddress({ accountId: account.id, email: "  Someone@Example.ORG ", reason: "hard_bounce" });
    expect(first.created).toBe(true);
    expect(first.suppression.email).toBe("someone@example.org");
    const again = await suppressAddress({ accountId: account.id, email: "someone@example.org", reason: "hard_bounce" });
    expect(again.created).toBe(false);
  });

  it("a manual add keeps the reason already stored; a complaint replaces it", async () => {
    const account = await storedAccount();
    await suppressAddress({ accountId: account.id, email: "a@example.org", reason: "hard_bounce" });
    const manual = await suppressAddress({ accountId: account.id, email: "a@example.org", reason: "manual" });
    expect(manual).toMatchObject({ created: false, suppression: { reason: "hard_bounce" } });
    const complaint = await suppressAddress({ accountId: account.id, email: "A@example.org", reason: "complaint" });
    expect(complaint).toMatchObject({ created: false, suppression: { reason: "complaint" } });
  });

  it("findSuppressed matches any case, and only the account's own list", async () => {
    const account = await storedAccount();
    const other = await storedAccount();
    await suppressAddress({ accountId: account.id, email: "listed@example.org", reason: "manual" });
    await suppressAddress({ accountId: other.id, email: "theirs@example.org", reason: "manual" });
    const found = await findSuppressed(db(), account.id, ["LISTED@example.org", "theirs@example.org", "fresh@example.org"]);
    expect([...found]).toEqual(["listed@example.org"]);
    expect(await findSuppressed(db(), account.id, [])).toEqual(new Set());
  });
});
