// SMTP access as a customer sets it up: read the settings on the SMTP page,
// make a key there, then send with a real SMTP client (nodemailer over
// STARTTLS, trusting the server's certificate) and find the message in the portal.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { newAccount, signUpInBrowser } from "./support/accounts";
import { addDomainInPortal, publishAndVerifyInPortal } from "./support/sending-domains";
import { expect, test } from "./support/test";

test("read the SMTP settings, make a key, send over SMTP and see the message", async ({ page }) => {
  test.setTimeout(60_000);
  const domain = `smtp-${randomBytes(4).toString("hex")}.example.org`;
  await signUpInBrowser(page, newAccount("smtp"));
  await page.goto("/domains");
  await addDomainInPortal(page, domain);
  await publishAndVerifyInPortal(page, domain);

  await page.goto("/smtp");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("SMTP");
  const settings = page.getByRole("region", { name: "Connection settings" });
  await expect(settings).toContainText("localhost");
  await expect(settings).toContainText(process.env.E2E_SUBMISSION_PORT!);
  await expect(settings).toContainText(process.env.E2E_SUBMISSIONS_PORT!);
  await expect(settings).toContainText("apikey");
  await expect(page.getByRole("tab", { name: "Node.js (nodemailer)" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Django (settings.py)" }).click();
  await expect(page.getByRole("tabpanel")).toContainText(`EMAIL_PORT = ${process.env.E2E_SUBMISSION_PORT}`);

  await settings.getByRole("button", { name: "Create an SMTP key" }).click();
  const dialog = page.getByRole("dialog", { name: "Copy your SMTP key" });
  const secret = (await dialog.getByTestId("smtp-key-secret").innerText()).trim();
  expect(secret).toMatch(/^ces_[A-Za-z0-9_-]{40}$/);
  await dialog.getByRole("button", { name: "Done" }).click();

  const subject = `Over SMTP ${randomBytes(3).toString("hex")}`;
  const transporter = nodemailer.createTransport({
    host: "127.0.0.1",
    port: Number(process.env.E2E_SUBMISSION_PORT),
    requireTLS: true,
    auth: { user: "apikey", pass: secret },
    tls: { ca: readFileSync(path.join(process.env.E2E_DATA_DIR!, "mail-tls", "localhost.crt")), servername: "localhost" },
  });
  const info = await transporter.sendMail({
    from: `Shop <orders@${domain}>`,
    to: "ada@example.com",
    subject,
    text: "Sent from a framework.",
  });
  const messageId = /queued as (msg_[0-9a-f]+)/.exec(info.response)?.[1];
  expect(messageId).toBeTruthy();

  // The Messages page says how each message came in.
  await page.goto("/messages");
  await expect(page.getByText(subject)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: subject })).toContainText("sent with SMTP");
  await expect(page.getByRole("main")).toContainText("Email you sent with the API (POST /api/v1/sending/messages) or over SMTP");
});

test("the SMTP page fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpInBrowser(page, newAccount("smtp-phone"));
  await page.goto("/smtp");
  const settings = page.getByRole("region", { name: "Connection settings" });
  await expect(settings).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  // The limit as docs/smtp.md and the SIZE extension state it: 25,000,000 bytes.
  await expect(settings).toContainText("Up to 25 MB and 50 recipients per message");
  await expect(settings).toContainText("onboarding@localhost");

  // The key is shown once: Copy sits above Done on a phone.
  await settings.getByRole("button", { name: "Create an SMTP key" }).click();
  const dialog = page.getByRole("dialog", { name: "Copy your SMTP key" });
  const [copyBox, doneBox] = await Promise.all(["Copy key", "Done"].map((name) => dialog.getByRole("button", { name }).boundingBox()));
  expect(copyBox!.y + copyBox!.height).toBeLessThanOrEqual(doneBox!.y);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // The Messages page names both ways in, on a phone too.
  await page.goto("/messages");
  await expect(page.getByRole("main")).toContainText("or over SMTP");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});
