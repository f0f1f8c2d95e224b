// The dashboard (issue #11): a new account's overview and onboarding checklist,
// then the counts and steps after adding a domain and an SMTP relay; the
// recent events of the feed (issue #36), wide and on a 390 px phone.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { newAccount, signInThroughApi, signUpInBrowser } from "./support/accounts";
import { countRequests } from "./support/count-requests";
import { arrangeMailbox, sendThroughMx } from "./support/hosted-mailbox";
import { arrangeSentMessage } from "./support/sending-data";
import { addDomainInPortal } from "./support/sending-domains";
import { expect, test } from "./support/test";

const figure = (page: Page, label: string) => page.getByTestId(`figure-${label}`);
const step = (page: Page, title: string) =>
  page.getByRole("list", { name: "Onboarding steps" }).getByRole("listitem").filter({ hasText: title });

test("a new account's dashboard, then its counts after adding a domain and a relay", async ({ page }) => {
  test.setTimeout(60_000);
  const domain = `dash-${randomBytes(4).toString("hex")}.example.org`;
  await signUpInBrowser(page, newAccount("dashboard"));
  const nav = page.getByRole("navigation", { name: "Primary" });
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");

  // A new account: nothing set up yet; only the plan step is done (it signed up for free).
  await expect(figure(page, "Domains")).toHaveText("0 / 0");
  await expect(figure(page, "SMTP relays")).toHaveText("0 / 0");
  await expect(figure(page, "API keys")).toHaveText("0");
  await expect(figure(page, "Mailboxes")).toHaveText("0 / 2");
  await expect(figure(page, "Two-factor")).toHaveText("Off");
  await expect(figure(page, "Active sessions")).toHaveText("1");
  await expect(page.getByTestId("usage-text")).toContainText("0 of ");
  const checklist = page.getByRole("region", { name: "Getting started" });
  await expect(checklist).toContainText("1 of 8 done");
  await expect(checklist.getByRole("progressbar", { name: "Onboarding progress" })).toHaveAttribute("aria-valuenow", "13");
  await expect(page.getByRole("list", { name: "Onboarding steps" }).getByRole("listitem")).toHaveCount(8);
  // It starts with what takes a minute: a test email (done right here) and an API key.
  const steps = page.getByRole("list", { name: "Onboarding steps" }).getByRole("listitem");
  await expect(steps.nth(0)).toContainText("Send a test email");
  await expect(steps.nth(1).getByRole("link", { name: "Create an API key" })).toHaveAttribute("href", "/api-keys");
  await expect(step(page, "Add a sending domain").getByRole("link", { name: "Add a sending domain" })).toHaveAttribute("href", "/domains");
  await expect(step(page, "Create a mailbox").getByRole("link", { name: "Create a mailbox" })).toHaveAttribute("href", "/mailboxes");
  await expect(step(page, "Add an SMTP relay").getByRole("link", { name: "Add an SMTP relay" })).toHaveAttribute("href", "/relays");
  await expect(step(page, "Choose a plan")).toContainText("(done)");

  // The cards lead to where each thing is managed.
  await page
    .getByRole("link", { name: /^Domains/ })
    .filter({ has: figure(page, "Domains") })
    .click();
  await expect(page).toHaveURL("/domains");
  await addDomainInPortal(page, domain);

  await nav.getByRole("link", { name: "Relays" }).click();
  await expect(page).toHaveURL("/relays");
  await page.getByRole("button", { name: "Add relay" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an SMTP relay" });
  await dialog.getByLabel("Name", { exact: true }).fill("Office relay");
  await dialog.getByLabel("Host", { exact: true }).fill("127.0.0.1");
  await dialog.getByLabel("Encryption", { exact: true }).selectOption("none");
  await dialog.getByLabel("Port", { exact: true }).fill("2525");
  await dialog.getByRole("button", { name: "Add relay" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Added “Office relay”" })).toBeVisible();

  await nav.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(figure(page, "Domains")).toHaveText("0 / 1");
  await expect(figure(page, "SMTP relays")).toHaveText("1 / 1");
  await expect(checklist).toContainText("3 of 8 done");
  await expect(checklist.getByRole("progressbar", { name: "Onboarding progress" })).toHaveAttribute("aria-valuenow", "38");
  for (const title of ["Add a sending domain", "Add an SMTP relay"]) {
    await expect(step(page, title)).toContainText("(done)");
    await expect(step(page, title).getByRole("link")).toHaveCount(0);
  }
  await expect(step(page, "Verify your domain").getByRole("link", { name: "Verify your domain" })).toBeVisible();
  await expect(step(page, "Verify your domain")).not.toContainText("(done)");
  // A domain added and a relay are account changes, not events of its mail: the recent events still say how to start.
  await expect(page.getByRole("region", { name: "Recent events" })).toContainText("No events yet");
});

test("the overview is in the server's HTML, and the browser takes it over without asking again", async ({ page }) => {
  const account = newAccount("dashboard-html");
  await signUpInBrowser(page, account);
  // One event, so the recent events show a time (a second session: the API sign-in).
  const authorization = `Bearer ${await signInThroughApi(page.request, account)}`;
  const email = `html-${randomBytes(3).toString("hex")}@example.org`;
  expect((await page.request.post("/api/v1/sending/suppressions", { headers: { authorization }, data: { email } })).status()).toBe(201);
  // What the server sends, before any JavaScript has run.
  const html = await (await page.request.get("/dashboard")).text();
  expect(html).toContain('data-testid="figure-Domains"');
  expect(html).not.toContain("Loading your overview");

  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  const overviewRequests = countRequests(page, "/api/portal/dashboard/overview", "GET");
  await page.goto("/dashboard");
  await expect(figure(page, "Active sessions")).toHaveText("2");
  await page.waitForLoadState("networkidle");
  // Hydration matched the server's text (times included), and the figures it read were not fetched twice.
  expect(consoleErrors).toEqual([]);
  expect(overviewRequests()).toBe(0);
  await expect(page.getByRole("region", { name: "Recent events" }).locator("time").first()).toHaveText("just now");
});

/**
 * The recent events: empty, they say how to start; then the feed's latest,
 * newest first, each leading to its object: a mailbox's inbox, a message.
 */
async function recentEventsJourney(page: Page, { phone }: { phone: boolean }) {
  test.setTimeout(90_000);
  const account = newAccount(phone ? "dash-events-phone" : "dash-events");
  await signUpInBrowser(page, account);
  const recent = page.getByRole("region", { name: "Recent events" });
  await expect(recent).toContainText("No events yet. Send a first email");
  await expect(recent.getByRole("link", { name: "Send a first email" })).toHaveAttribute("href", "#send-test-email");
  await expect(recent.getByRole("link", { name: "All events" })).toHaveAttribute("href", "/events");
  // The account's own audit trail stays on the Activity page.
  await expect(recent.getByRole("link", { name: "Activity" })).toHaveAttribute("href", "/activity");

  // A mailbox (its domain only proven, not verified for sending: no event), then a message from outside through the MX.
  const { address, mailboxId } = await arrangeMailbox(page.request, account);
  const subject = `Lunch ${randomBytes(3).toString("hex")}`;
  await sendThroughMx({ to: address, subject, text: "Are you free on Friday?" });
  const list = recent.getByRole("list", { name: "Recent events" });
  await expect(async () => {
    await page.reload();
    await expect(list.getByRole("listitem")).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(list.getByRole("listitem").nth(0)).toContainText(`${address} received mail from grace@sender.example.net: ${subject}`);
  await list.getByRole("link", { name: new RegExp(`^${address} received mail`) }).click();
  await expect(page).toHaveURL(`/mailboxes/${mailboxId}/inbox`);

  // A message sent through the API: its events come first and lead to its page.
  const { messageId } = await arrangeSentMessage(page.request, account);
  await page.goto("/dashboard");
  const messageLink = list.locator(`a[href="/messages/${messageId}"]`).first();
  await expect(async () => {
    await page.reload();
    await expect(messageLink).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await list.getByRole("listitem").count()).toBeLessThanOrEqual(5);

  if (phone) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // What is left to set up comes before the nine figure cards, on the first screen of a phone.
    const checklist = (await page.getByRole("region", { name: "Getting started" }).boundingBox())!;
    const figures = (await page.getByRole("list", { name: "Account figures" }).boundingBox())!;
    expect(checklist.y).toBeLessThan(figures.y);
    expect(checklist.y).toBeLessThan(844);
  }
  await messageLink.click();
  await expect(page).toHaveURL(`/messages/${messageId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Your receipt for order 10482");
}

test("the recent events: how to start, then the feed's latest, each linking to its object (wide screen)", async ({ page }) => {
  await recentEventsJourney(page, { phone: false });
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the recent events: how to start, then the feed's latest, each linking to its object", async ({ page }) => {
    await recentEventsJourney(page, { phone: true });
  });
});
