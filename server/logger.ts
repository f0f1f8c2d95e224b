// Structured logs (pino, one JSON line per event). Values that could carry a
// secret are redacted by key, and errors are logged without the SQL text or
// parameters a failed query carries (they can hold emails or hashes).
import pino from "pino";
import { env } from "@/server/config/env";

const holder = globalThis as typeof globalThis & { __cesLogger?: pino.Logger };

type LoggableError = { name?: string; message?: string; code?: string; stack?: string; cause?: unknown };

/** Drizzle puts "Failed query: <sql>\nparams: <values>" in its messages; keep only the first line. */
const firstLine = (text: string | undefined) => (text ?? "").split("\n")[0]!.replace(/^Failed query:.*/, "Failed query");

export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!error || typeof error !== "object") return { message: String(error) };
  const { name, message, code, stack, cause } = error as LoggableError;
  return {
    type: name,
    message: firstLine(message),
    ...(code ? { code } : {}),
    // Stack frames only: the first stack line repeats the message.
    stack: stack
      ?.split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .slice(0, 12)
      .join("\n"),
    ...(cause && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}

/**
 * `code` is redacted because verification and authorization codes travel under
 * that name (at the top level or one object down, as `*.code` would). An
 * error's code (EADDRINUSE, 23505, invalid_credentials) is not a secret and is
 * what explains a failure, so errors keep theirs. Runs before serializers.
 */
export function redactCodes(object: Record<string, unknown>): Record<string, unknown> {
  let result = object;
  const set = (key: string, value: unknown) => {
    if (result === object) result = { ...object };
    result[key] = value;
  };
  for (const [key, value] of Object.entries(object)) {
    if (key === "code") set(key, "[redacted]");
    else if (value && typeof value === "object" && !(value instanceof Error) && !Array.isArray(value) && "code" in value) {
      set(key, { ...value, code: "[redacted]" });
    }
  }
  return result;
}

/** The logger's settings (exported so tests see what production redacts). */
export function loggerOptions(): pino.LoggerOptions {
  return {
    level: env().LOG_LEVEL,
    base: { service: "customer-email-service" },
    serializers: { err: serializeError },
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "authorization",
        "*.authorization",
        "*.smtp_password",
        "refreshToken",
        "*.refreshToken",
        "accessToken",
        "*.accessToken",
        "secret",
        "*.secret",
      ],
      censor: "[redacted]",
    },
    formatters: { log: redactCodes },
  };
}

export function logger(): pino.Logger {
  holder.__cesLogger ??= pino(loggerOptions());
  return holder.__cesLogger;
}
