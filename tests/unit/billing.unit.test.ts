// Billing pieces that are pure logic: term arithmetic, the catalog's rules,
// the sandbox gateway's signing secret, and the HMAC signature check.
import { createHmac } from "node:crypto";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/server/config/env";
import { requireHmacSignature } from "@/server/payments/signatures";
import { creditPacks, plans } from "@/server/services/billing/catalog";
import { addMonths, calendarMonthOf, rollForward } from "@/server/services/billing/periods";
import { checkoutBody, creditPackIds, planSchema } from "@/shared/schemas/billing";

const iso = (value: string) => new Date(value);

describe("billing periods", () => {
  it("adds calendar months, clamping to the month's last day", () => {
    expect(addMonths(iso("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(iso("2028-01-31T10:00:00Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths(iso("2026-12-15T00:00:00Z"), 1).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });

  it("takes the UTC calendar month for plans without a term", () => {
    const month = calendarMonthOf(iso("2026-03-17T23:59:00Z"));
    expect(month.start.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(month.end.toISOString()).toBe("2026-04-01T00:00:00.000Z");
  });

  it("rolls a period forward until it contains the moment", () => {
    const rolled = rollForward({ start: iso("2026-01-10T00:00:00Z"), end: iso("2026-02-10T00:00:00Z") }, iso("2026-04-11T00:00:00Z"));
    expect(rolled.start.toISOString()).toBe("2026-04-10T00:00:00.000Z");
    expect(rolled.end.toISOString()).toBe("2026-05-10T00:00:00.000Z");
  });
});

describe("catalog", () => {
  it("has every plan of the catalogue, self-serve plans priced, contact-sales plans not", () => {
    expect(plans.map((plan) => plan.id)).toEqual(["free", "starter", "pro", "business", "enterprise", "custom", "payg"]);
    for (const plan of plans) {
      expect(planSchema.safeParse({ ...plan, currency: "USD" }).success).toBe(true);
      if (plan.selfServe) expect(plan.amount).toBeGreaterThan(0);
      if (plan.contactSales) expect(plan.selfServe).toBe(false);
    }
    expect(creditPacks.map((pack) => pack.id)).toEqual([...creditPackIds]);
  });

  it("checkout takes exactly one of planId or creditPackId", () => {
    expect(checkoutBody.safeParse({ planId: "pro", provider: "sandbox" }).success).toBe(true);
    expect(checkoutBody.safeParse({ creditPackId: "credits_10k", provider: "stripe" }).success).toBe(true);
    expect(checkoutBody.safeParse({ provider: "sandbox" }).success).toBe(false);
    expect(checkoutBody.safeParse({ planId: "pro", creditPackId: "credits_10k", provider: "sandbox" }).success).toBe(false);
  });
});

describe("sandbox gateway secret", () => {
  const tempDir = () => mkdtempSync(path.join(tmpdir(), "ces-billing-"));

  it("is generated once outside production and kept under DATA_DIR", () => {
    const dataDir = tempDir();
    const first = parseEnv({ DATA_DIR: dataDir });
    expect(first.sandboxWebhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dataDir, "sandbox-webhook-secret")).mode & 0o777).toBe(0o600);
    expect(parseEnv({ DATA_DIR: dataDir }).sandboxWebhookSecret).toBe(first.sandboxWebhookSecret);
  });

  it("uses the configured one, and is off in production", () => {
    expect(parseEnv({ DATA_DIR: tempDir(), SANDBOX_WEBHOOK_SECRET: "configured-sandbox-secret" }).sandboxWebhookSecret).toBe(
      "configured-sandbox-secret",
    );
    const production = parseEnv({
      DATA_DIR: tempDir(),
      APP_ENV: "production",
      APP_URL: "https://mail.example.com",
      MAIL_HOSTNAME: "mail.example.com",
      AUTH_SECRET: "x".repeat(40),
      ENCRYPTION_KEY: "1".repeat(64),
      EMAIL_TRANSPORT: "smtp",
      SMTP_URL: "smtp://mail.example.com:587",
      // No mail listener, so no mail certificate is needed.
      SUBMISSION_PORT: "0",
      SUBMISSIONS_PORT: "0",
      MX_PORT: "0",
      DOVECOT: "off",
    });
    expect(production.sandboxWebhookSecret).toBeUndefined();
  });
});

describe("HMAC webhook signatures", () => {
  const body = Buffer.from('{"id":"evt_1"}');
  const sign = (algorithm: "sha256" | "sha512", secret: string) => createHmac(algorithm, secret).update(body).digest("hex");

  it("accepts the exact signature, in either hex case", () => {
    expect(() => requireHmacSignature("sha512", "secret", body, sign("sha512", "secret"))).not.toThrow();
    expect(() => requireHmacSignature("sha256", "secret", body, sign("sha256", "secret").toUpperCase())).not.toThrow();
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["not hex", "zz"],
    ["another secret", createHmac("sha256", "other").update(body).digest("hex")],
    ["truncated", createHmac("sha256", "secret").update(body).digest("hex").slice(0, 32)],
    ["another algorithm", createHmac("sha512", "secret").update(body).digest("hex")],
  ])("refuses a %s signature with invalid_signature", (_label, header) => {
    expect(() => requireHmacSignature("sha256", "secret", body, header)).toThrow(expect.objectContaining({ code: "invalid_signature" }));
  });
});
