// /activity: the account's activity log, 20 events a page, page in the URL.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { newAccount, signInThroughApi, signUpInBrowser } from "./support/accounts";
import { e2eSql } from "./support/database";

const activityTable = (page: Page) => page.getByRole("table", { name: /^Account activity/ });
const rowsOf = (page: Page) => activityTable(page).locator("tbody > tr");
const pages = (page: Page) => page.getByRole("navigation", { name: "Activity pages" });

async function activityTotal(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get("/api/v1/account/activity?limit=1", { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { pagination: { total: number } } }).data.pagination.total;
}

test.describe("activity page", () => {
  test("lists the account's events, newest first, and pages through them", async ({ page, request }) => {
    test.slow(); // 21 renames through the API before the page is opened
    const account = newAccount("activity");
    await signUpInBrowser(page, account);
    // More than a page of events: rename the account 21 times through the API.
    const token = await signInThroughApi(request, account);
    for (let round = 1; round <= 21; round += 1) {
      const response = await request.put("/api/v1/account/profile", {
        headers: { authorization: `Bearer ${token}` },
        data: { name: `Name ${round}` },
      });
      expect(response.status()).toBe(200);
    }
    const total = await activityTotal(request, token);
    expect(total).toBeGreaterThan(20);
    expect(total).toBeLessThanOrEqual(40);

    await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Activity" }).click();
    await expect(page).toHaveURL("/activity");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Activity");
    await expect(activityTable(page).getByRole("columnheader")).toHaveText(["Event", "Time", "IP address", "Device"]);
    await expect(rowsOf(page)).toHaveCount(20);
    await expect(pages(page)).toContainText("Page 1 of 2");
    await expect(pages(page)).toContainText(`Showing 1–20 of ${total}`);
    await expect(pages(page).getByRole("button", { name: "Previous" })).toBeDisabled();

    // Newest first: the last rename, from the API client.
    const newest = rowsOf(page).first();
    await expect(newest.getByRole("rowheader")).toContainText("Profile updated");
    await expect(newest).toContainText("account.updated");
    await expect(newest).toContainText(/::1|127\.0\.0\.1/);
    const time = newest.locator("time");
    await expect(time).toHaveText(/just now|minute/);
    await expect(time).toHaveAttribute("title", /\d{4}/);
    await expect(time).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);

    await pages(page).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/activity?page=2");
    await expect(pages(page)).toContainText("Page 2 of 2");
    await expect(rowsOf(page)).toHaveCount(total - 20);
    await expect(pages(page).getByRole("button", { name: "Next" })).toBeDisabled();
    // The oldest events: the sign-up, from this browser. (Its "account created" and
    // first sign-in share a timestamp, so which of the two comes last is not fixed.)
    const signUp = rowsOf(page).filter({ has: page.getByRole("rowheader", { name: /Account created/ }) });
    await expect(signUp).toHaveCount(1);
    await expect(signUp).toContainText("account.created");
    await expect(signUp).toContainText("Chrome");

    // The page survives a reload (it is in the URL) and Back works.
    await page.reload();
    await expect(pages(page)).toContainText("Page 2 of 2");
    await pages(page).getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL("/activity");
    await expect(pages(page)).toContainText("Page 1 of 2");
    await page.goBack();
    await expect(page).toHaveURL("/activity?page=2");
    await expect(pages(page)).toContainText("Page 2 of 2");

    // A page past the end says so and leads back.
    await page.goto("/activity?page=7");
    await expect(page.getByRole("heading", { name: "There is no page 7" })).toBeVisible();
    await page.getByRole("link", { name: "Go to the last page" }).click();
    await expect(page).toHaveURL("/activity?page=2");
    await expect(rowsOf(page)).toHaveCount(total - 20);
  });

  test("shows the empty state when the log has nothing", async ({ page }) => {
    const account = newAccount("noactivity");
    await signUpInBrowser(page, account);
    // Every account has events from its sign-up: they are removed, so the API itself answers an empty log.
    await e2eSql("delete from activity_events where account_id = (select id from accounts where email = $1)", [account.email]);
    await page.goto("/activity");
    await expect(page.getByRole("heading", { name: "No activity yet" })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
  });

  test("signed-out visitors are sent to sign in and back", async ({ page }) => {
    await page.goto("/activity?page=2");
    await expect(page).toHaveURL("/sign-in?callbackUrl=%2Factivity%3Fpage%3D2");
  });
});
