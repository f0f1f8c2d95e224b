// The Events page: the account's feed as integrators read it, newest first,
// followed live (a suppression added through the API appears without a
// reload), narrowed by kind, each event's JSON on demand. Wide and on a 390 px phone.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { newAccount, signInThroughApi, signUpThroughPortal } from "./support/accounts";
import { expect, test } from "./support/test";

async function eventsJourney(page: Page, { phone }: { phone: boolean }) {
  test.setTimeout(60_000);
  const account = newAccount("events");
  await signUpThroughPortal(page.context().request, account);
  const authorization = `Bearer ${await signInThroughApi(page.request, account)}`;
  const suppress = async (email: string) =>
    expect((await page.request.post("/api/v1/sending/suppressions", { headers: { authorization }, data: { email } })).status()).toBe(201);
  const first = `first-${randomBytes(3).toString("hex")}@example.org`;
  await suppress(first);

  if (phone) await page.goto("/events");
  else {
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Events" }).click();
  }
  await expect(page).toHaveURL("/events");
  await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
  const list = page.getByRole("list", { name: "Events, newest first" });
  // In words, as the dashboard writes them, linked to what they concern, dated as the rest of the portal.
  const firstRow = list.getByRole("listitem").filter({ hasText: first });
  await expect(firstRow.getByRole("link", { name: `${first} added to the suppression list` })).toHaveAttribute("href", "/suppressions");
  const shown = await firstRow.locator("time").textContent();
  const dated = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
    (await firstRow.locator("time").getAttribute("datetime"))!,
  );
  expect(shown).toBe(dated);
  await expect(firstRow).toContainText("suppression.added");
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();

  // Live: a new event arrives without a reload, on top.
  const second = `second-${randomBytes(3).toString("hex")}@example.org`;
  await suppress(second);
  await expect(list.getByRole("listitem").first()).toContainText(second, { timeout: 15_000 });

  // Each event's JSON.
  const row = list.getByRole("listitem").filter({ hasText: first });
  await row.getByText("suppression.added", { exact: true }).click();
  await expect(row.locator("pre")).toContainText(`"email": "${first}"`);

  // Narrowing by kind: nothing about domains yet.
  await page.getByLabel("Show").selectOption({ label: "Domains" });
  await expect(page.getByText("No events yet.")).toBeVisible();
  await page.getByLabel("Show").selectOption({ label: "Suppression list" });
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // Nothing runs off the side of a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the Events page: the feed, live, filtered, with each event's JSON (wide screen)", async ({ page }) => {
  await eventsJourney(page, { phone: false });
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the Events page: the feed, live, filtered, with each event's JSON", async ({ page }) => {
    await eventsJourney(page, { phone: true });
  });
});
