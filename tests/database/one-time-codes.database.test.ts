// Emailed codes and sign-in links work once (server/services/codes/one-time-codes.ts):
// spending is a conditional UPDATE of the stored row, checked here on the row.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { issueCode, issueMagicLinkToken, MAX_WRONG_TRIES, spendCode, spendMagicLinkToken } from "@/server/services/codes/one-time-codes";
import { storedAccount } from "../support/stored-records";

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("one-time codes", () => {
  it("a code is spent once", async () => {
    const account = await storedAccount();
    const code = await issueCode(db(), account.id, "sign_in_code");
    expect(await spendCode(account.id, "sign_in_code", code)).toBe(true);
    expect(await spendCode(account.id, "sign_in_code", code)).toBe(false);
  });

  it("a code is bound to its purpose", async () => {
    const account = await storedAccount();
    const code = await issueCode(db(), account.id, "password_reset");
    expect(await spendCode(account.id, "sign_in_code", code)).toBe(false);
    expect(await spendCode(account.id, "password_reset", code)).toBe(true);
  });

  it(`after ${MAX_WRONG_TRIES} wrong guesses the right code no longer works`, async () => {
    const account = await storedAccount();
    const code = await issueCode(db(), account.id, "sign_in_code");
    for (let guess = 0; guess < MAX_WRONG_TRIES; guess++) expect(await spendCode(account.id, "sign_in_code", wrong(code))).toBe(false);
    expect(await spendCode(account.id, "sign_in_code", code)).toBe(false);
  });

  it("concurrent guesses share the tries: the right code among them works at most once", async () => {
    const account = await storedAccount();
    const code = await issueCode(db(), account.id, "sign_in_code");
    const results = await Promise.all([code, code, code, wrong(code), code].map((guess) => spendCode(account.id, "sign_in_code", guess)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("a new code replaces the account's live one", async () => {
    const account = await storedAccount();
    const first = await issueCode(db(), account.id, "email_confirmation");
    const second = await issueCode(db(), account.id, "email_confirmation");
    if (first !== second) expect(await spendCode(account.id, "email_confirmation", first)).toBe(false);
    expect(await spendCode(account.id, "email_confirmation", second)).toBe(true);
  });

  it("a sign-in link's token is spent once and names its account", async () => {
    const account = await storedAccount();
    const token = await issueMagicLinkToken(db(), account.id);
    expect(await spendMagicLinkToken(token)).toBe(account.id);
    expect(await spendMagicLinkToken(token)).toBeNull();
  });
});
