import { describe, expect, it } from "vitest";
import pino from "pino";
import { loggerOptions, serializeError } from "@/server/logger";

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

describe("the logger's redaction", () => {
  function logLine(object: object): string {
    const lines: string[] = [];
    const log = pino({ ...loggerOptions(), level: "info" }, { write: (line: string) => void lines.push(line) });
    log.error(object, "failed");
    return lines.join("");
  }

  it("shows an error's code (a port already in use says so)", () => {
    const error = Object.assign(new Error("listen EADDRINUSE: address already in use 0.0.0.0:3000"), { code: "EADDRINUSE" });
    expect(logLine({ err: error })).toContain('"code":"EADDRINUSE"');
  });

  it("still hides codes and secrets that are not an error's (verification codes)", () => {
    const line = logLine({ code: "123456", challenge: { code: "654321" }, err: new Error("wrong code"), password: "hunter2" });
    expect(line).not.toContain("hunter2");
    expect(line).not.toContain("123456");
    expect(line).not.toContain("654321");
    expect(line).toContain("wrong code");
  });
});
