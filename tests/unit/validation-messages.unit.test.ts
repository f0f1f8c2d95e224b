// Validation messages are written for people: checks without a message of
// their own get ours, never zod's default text, in every request schema.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoints } from "@/shared/api/endpoints";
import { createApiKeyBody } from "@/shared/schemas/api-keys";
import { installValidationMessages } from "@/shared/validation-messages";

installValidationMessages();

const ZOD_DEFAULT_TEXT =
  /Too small|Too big|expected \w+ to (have|be)|Invalid input|Invalid option|Unrecognized key|Invalid string|Invalid (email|url|ISO)/i;
const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("validation messages", () => {
  it("says what to do for the checks the API key form used to fail", () => {
    // The issue's example: an empty domain choice.
    expect(messagesOf(createApiKeyBody, { name: "k", domainId: "" })).toEqual(["This field is required"]);
    expect(messagesOf(createApiKeyBody, { name: "k", scope: "admin" })).toEqual(["Choose one of: sending, full, events:read"]);
    expect(messagesOf(createApiKeyBody, { name: "k", colour: "red" })).toEqual(["Unknown field: colour"]);
  });

  it.each([
    [z.string().min(3), "ab", "Enter at least 3 characters"],
    [z.string().max(2), "abc", "Use at most 2 characters"],
    [z.number().int().min(5), 4, "Use 5 or more"],
    [z.number().max(10), 11, "Use 10 or less"],
    [z.number(), "7", "Use a number here"],
    [z.boolean(), "yes", "Use true or false here"],
    [z.object({ a: z.string() }), {}, "This field is required"],
    [z.array(z.string()).min(2), ["a"], "Add at least 2 items"],
    [z.email(), "nope", "Enter a valid email address, like ada@example.com"],
    [z.iso.datetime(), "tomorrow", "Use an ISO 8601 date and time, like 2026-01-31T09:00:00Z"],
    [z.string().nullable().pipe(z.string()), null, "This field cannot be null"],
  ] as const)("%#: %j → %s", (schema, value, message) => {
    expect(messagesOf(schema as z.ZodType, value)).toEqual([message]);
  });

  it("keeps a schema's own message", () => {
    expect(messagesOf(z.string().min(1, "Name is required"), "")).toEqual(["Name is required"]);
  });

  it("never answers with zod's default text for any request body, query or path of the API", () => {
    const hostile: unknown[] = [
      {},
      { unexpected: true },
      [],
      "text",
      42,
      null,
      { name: "", email: "x", page: -1, limit: 0, code: "", planId: "nope" },
    ];
    const seen: string[] = [];
    for (const endpoint of endpoints) {
      for (const schema of [endpoint.body, endpoint.query, endpoint.params].filter(Boolean) as z.ZodType[]) {
        for (const value of hostile) seen.push(...messagesOf(schema, value).map((message) => `${endpoint.operationId}: ${message}`));
      }
    }
    expect(seen.length).toBeGreaterThan(50);
    expect(seen.filter((message) => ZOD_DEFAULT_TEXT.test(message))).toEqual([]);
  });
});
