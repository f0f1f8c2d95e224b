import { describe, expect, it } from "vitest";
import { serializeError } from "@/server/logger";

describe("serializeError", () => {
  it("drops the SQL text and parameters of a failed query, keeping type, code and frames", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "accounts_email_key"'), { code: "23505" });
    const error = new Error(
      "Failed query: insert into accounts (email, password_hash) values ($1, $2)\nparams: alice@example.com,$argon2id$v=19$secret",
      { cause },
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain("alice@example.com");
    expect(logged).not.toContain("argon2id");
    expect(logged).not.toContain("insert into");
    expect(logged).toContain("23505");
    expect(logged).toContain("Failed query");
    expect(logged).toMatch(/at .*logger\.unit\.test/);
  });
});
