// Structured logs (pino, one JSON line per event). Values that could carry a
// secret are redacted by key, and errors are logged without the SQL text or
// parameters a failed query carries (they can hold emails or hashes).
import pino from "pino";
import { env } from "@/server/env";

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

export function logger(): pino.Logger {
  holder.__cesLogger ??= pino({
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
        "code",
        "*.code",
      ],
      censor: "[redacted]",
    },
  });
  return holder.__cesLogger;
}
