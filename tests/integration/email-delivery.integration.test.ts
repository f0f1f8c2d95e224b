// A provider outage must delay email, never lose it: with the SMTP server
// down the job fails and is retried; once it is back, the email arrives.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeIn, emailsTo, waitForEmail } from "../support/captured-email";
import { until } from "../support/poll";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let database: TestDatabase | undefined;
let smtp: SmtpCapture;
let server: TestServer;
const mailbox = path.resolve(".test-data", `mailbox-outage-${Date.now().toString(36)}`);

beforeAll(async () => {
  const base = process.env.DATABASE_URL;
  if (base) database = await createTestDatabase(base, "mail");
  smtp = await startSmtpCapture(mailbox);
  server = await startTestServer({
    label: "mail-outage",
    databaseUrl: database?.url, // unset: an embedded database of its own
    // Its own job worker; the shared run's server would otherwise deliver our emails too.
    env: { EMAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop().catch(() => {});
  await database?.drop();
});

describe("email delivery", () => {
  it("retries while the provider is down and delivers once it is back", async () => {
    const email = `outage.${Date.now()}@example.test`;
    const registered = await fetch(`${server.baseUrl}/api/v1/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "outage-password-correct-horse" }),
    });
    expect(registered.status).toBe(201);

    await smtp.stop();
    const started = Date.now();
    const forgot = await fetch(`${server.baseUrl}/api/v1/auth/password/forgot`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(forgot.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000); // the request never waits for the provider

    // At least one failed attempt (the job worker logs it before the retry).
    await until(() => readFileSync(server.logFile, "utf8").includes("email delivery failed; will retry"), 15_000);
    expect(emailsTo(email, mailbox)).toHaveLength(0);
    await smtp.start();
    const delivered = await waitForEmail(email, { directory: mailbox, timeoutMs: 45_000 });
    expect(codeIn(delivered)).toMatch(/^\d{6}$/);
  }, 90_000);
});
