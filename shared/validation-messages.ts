// Validation messages written for people, for every zod check that has no
// message of its own (a schema's own message always wins). Installed once in
// the API's route wrapper and in the portal's form resolver, so neither ever
// shows zod's default text ("Too small: expected string to have >=1 characters").
import { z } from "zod";
import type { $ZodErrorMap } from "zod/v4/core";

type Issue = Parameters<$ZodErrorMap>[0];

const plural = (count: number | bigint, one: string, many = `${one}s`) => `${count} ${Number(count) === 1 ? one : many}`;

const typeNames: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  date: "a date",
  bigint: "a whole number",
};

const formatNames: Record<string, string> = {
  email: "Enter a valid email address, like ada@example.com",
  url: "Enter a full URL, like https://example.com",
  datetime: "Use an ISO 8601 date and time, like 2026-01-31T09:00:00Z",
  date: "Use a date like 2026-01-31",
  uuid: "Use a UUID",
  regex: "This is not in the expected format",
};

function sizeMessage(issue: Issue & { code: "too_small" | "too_big" }): string {
  const small = issue.code === "too_small";
  const bound = small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum;
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
  switch (issue.origin) {
    case "string":
      if (small && Number(bound) <= 1) return "This field is required";
      return small ? `Enter at least ${plural(bound, "character")}` : `Use at most ${plural(bound, "character")}`;
    case "array":
    case "set":
      if (small && Number(bound) <= 1) return "Add at least one item";
      return small ? `Add at least ${plural(bound, "item")}` : `Use at most ${plural(bound, "item")}`;
    case "number":
    case "int":
    case "bigint":
      if (small) return inclusive ? `Use ${bound} or more` : `Use a number above ${bound}`;
      return inclusive ? `Use ${bound} or less` : `Use a number below ${bound}`;
    default:
      return small ? "This value is too small" : "This value is too large";
  }
}

export function validationMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "This field is required";
      if (issue.input === null) return "This field cannot be null";
      return `Use ${typeNames[issue.expected] ?? issue.expected} here`;
    case "too_small":
    case "too_big":
      return sizeMessage(issue);
    case "invalid_format":
      return formatNames[issue.format] ?? "This is not in the expected format";
    case "invalid_value":
      return issue.values.length === 1
        ? `Use ${JSON.stringify(issue.values[0])}`
        : `Choose one of: ${issue.values.map((value: unknown) => String(value)).join(", ")}`;
    case "unrecognized_keys":
      return `Unknown ${issue.keys.length === 1 ? "field" : "fields"}: ${issue.keys.join(", ")}`;
    case "not_multiple_of":
      return `Use a multiple of ${issue.divisor}`;
    case "invalid_union":
      return "This value does not match any accepted form";
    case "invalid_key":
      return "This key is not allowed";
    case "invalid_element":
      return "This list has an invalid entry";
    case "custom":
      return "This value is not valid";
    default:
      return undefined;
  }
}

let installed = false;

export function installValidationMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: validationMessage });
}
