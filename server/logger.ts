// Structured logs (pino, one JSON line per event). Values that could carry a
// secret are redacted by key, wherever they appear in a logged object.
import pino from "pino";
import { env } from "@/server/env";

const holder = globalThis as typeof globalThis & { __cesLogger?: pino.Logger };

export function logger(): pino.Logger {
  holder.__cesLogger ??= pino({
    level: env().LOG_LEVEL,
    base: { service: "customer-email-service" },
    redact: {
      paths: ["password", "*.password", "token", "*.token", "authorization", "*.authorization", "*.smtp_password", "refreshToken", "*.refreshToken", "accessToken", "*.accessToken", "secret", "*.secret", "code", "*.code"],
      censor: "[redacted]",
    },
  });
  return holder.__cesLogger;
}
