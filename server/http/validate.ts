// Runs a zod schema over one part of the request; failures become one
// 400 validation_error listing every problem with its dot-joined path.
import type { z } from "zod";
import { installValidationMessages } from "@/shared/validation-messages";
import { AppError } from "@/server/errors";
import type { FieldError } from "@/shared/api/errors";

// Checks without a message of their own get a sentence for people, not zod's default text.
installValidationMessages();

export type RequestPart = "body" | "query" | "path" | "headers";

const partNames: Record<RequestPart, string> = { body: "request body", query: "query string", path: "path", headers: "headers" };

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

export function validatePart<T extends z.ZodType>(schema: T, value: unknown, part: RequestPart): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const first = errors[0];
  const message =
    value === undefined && part === "body"
      ? "A JSON request body is required."
      : `Invalid ${partNames[part]}${first ? `: ${first.path ? `${first.path}: ` : ""}${first.message}` : "."}`;
  throw new AppError("validation_error", message, { errors });
}
