// A mailbox's Rules page as a customer uses it: reached from the mailbox's
// card, saved with its defaults, a vacation reply previewed as it is typed
// and saved, a bad forwarding address refused beside its field; a filter
// added, seen in the Sieve script the API compiles, edited, reordered and
// deleted; on a wide screen and a 390 px phone, axe-clean.
import type { Page } from "@playwright/test";
import { newAccount, signInThroughApi, signUpInBrowser } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { arrangeMailbox } from "./support/hosted-mailbox";
import { expect, test } from "./support/test";
import { expectNoSidewaysScroll, wideAndPhone } from "./support/screens";

type Rules = { filters: { name: string }[]; sieve: string };

/** The rules as the API reads them back, with the Sieve script Dovecot runs. */
async function rulesFromApi(page: Page, authorization: string, mailboxId: string): Promise<Rules> {
  const response = await page.request.get(`/api/v1/mailboxes/${mailboxId}/rules`, { headers: { authorization } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Rules }).data;
}

for (const [label, viewport] of wideAndPhone) {
  test.describe(`mailbox rules, ${label}`, () => {
    test.use({ viewport });

    test("save the defaults, then a vacation reply with its preview; a bad forwarding address is refused", async ({ page }) => {
      test.setTimeout(90_000);
      const account = newAccount("rules");
      await signUpInBrowser(page, account);
      const { address } = await arrangeMailbox(page.request, account);
      await page.goto("/mailboxes");
      await page.getByRole("link", { name: `Rules of ${address}` }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(address);
      await expect(page.getByText("No filters yet.")).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      const save = page.getByRole("button", { name: "Save rules" });
      await save.click();
      await expect(page.getByRole("status").filter({ hasText: "Rules saved." })).toBeVisible();

      await page.getByLabel("Send a vacation reply").check();
      await page.getByLabel("Subject").fill("Away until Monday");
      await page.getByLabel("Message").fill("Back on Monday.\nUrgent? Call the office.");
      const preview = page.getByRole("figure");
      await expect(preview).toContainText(`From: ${address}`);
      await expect(preview).toContainText("Subject: Away until Monday");
      await expect(preview).toContainText("Urgent? Call the office.");
      await save.click();
      await expect(page.getByRole("status").filter({ hasText: "Rules saved." })).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Send a vacation reply")).toBeChecked();
      await expect(page.getByLabel("Subject")).toHaveValue("Away until Monday");

      await page.getByLabel("Forward incoming mail").check();
      await page.getByLabel("Forward to").fill("not an address");
      await save.click();
      await expect(page.getByLabel("Forward to")).toHaveAttribute("aria-invalid", "true");
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("add a filter, see it compiled, edit it, reorder filters and delete them", async ({ page }) => {
      test.setTimeout(150_000);
      const account = newAccount("filters");
      await signUpInBrowser(page, account);
      const { mailboxId } = await arrangeMailbox(page.request, account);
      const authorization = `Bearer ${await signInThroughApi(page.request, account)}`;
      await page.goto(`/mailboxes/${mailboxId}/rules`);
      const save = page.getByRole("button", { name: "Save rules" });
      const saved = page.getByRole("status").filter({ hasText: "Rules saved." });
      const filter = (number: number) => page.getByRole("group", { name: `Filter ${number}`, exact: true });
      const row = (number: number, kind: "Condition" | "Action", at: number) =>
        filter(number).getByRole("group", { name: `${kind} ${at}`, exact: true });

      // A new filter is "Subject contains … → Move to folder …": only the values are left to fill.
      await page.getByRole("button", { name: "Add filter" }).click();
      await save.click();
      await expect(row(1, "Condition", 1).getByLabel("Text")).toHaveAttribute("aria-invalid", "true");
      await expect(row(1, "Action", 1).getByLabel("Folder")).toHaveAttribute("aria-invalid", "true");
      await row(1, "Condition", 1).getByLabel("Text").fill("Invoice");
      await row(1, "Action", 1).getByLabel("Folder").fill("Bills/2026");
      await save.click();
      await expect(saved).toBeVisible();
      await page.reload();
      await expect(filter(1).getByLabel("Filter name")).toHaveValue("Subject contains Invoice");
      await expect(filter(1)).toContainText("When Subject contains Invoice: move to Bills/2026");
      let rules = await rulesFromApi(page, authorization, mailboxId);
      expect(rules.filters.map((each) => each.name)).toEqual(["Subject contains Invoice"]);
      expect(rules.sieve).toContain('header :contains "subject" "Invoice"');
      expect(rules.sieve).toContain('fileinto :create "Bills/2026";');

      // Edit: a name, a second condition (a size in MB, stored in bytes), any of them, and a flag.
      await filter(1).getByLabel("Filter name").fill("Bills");
      await filter(1).getByLabel("Applies when").selectOption("any");
      await filter(1).getByRole("button", { name: "Add condition" }).click();
      await row(1, "Condition", 2).getByLabel("Field").selectOption("size");
      await expect(row(1, "Condition", 2).getByLabel("Comparison")).toHaveValue("over");
      await row(1, "Condition", 2).getByLabel("Size").fill("2");
      await row(1, "Condition", 2).getByLabel("Unit").selectOption("MB");
      await filter(1).getByRole("button", { name: "Add action" }).click();
      await row(1, "Action", 2).getByLabel("Action", { exact: true }).selectOption("flag");
      // A second filter below it, to reorder.
      await page.getByRole("button", { name: "Add filter" }).click();
      await row(2, "Condition", 1).getByLabel("Field").selectOption("header");
      await row(2, "Condition", 1).getByLabel("Header name").fill("X-Campaign");
      await row(2, "Condition", 1).getByLabel("Text").fill("spring");
      await row(2, "Action", 1).getByLabel("Action", { exact: true }).selectOption("forward");
      await row(2, "Action", 1).getByLabel("Address").fill("not an address");
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await save.click();
      await expect(row(2, "Action", 1).getByLabel("Address")).toHaveAttribute("aria-invalid", "true");
      await row(2, "Action", 1).getByLabel("Address").fill("grace@example.org");
      await filter(2).getByLabel("Filter name").fill("Campaigns");
      await filter(2).getByRole("button", { name: "Move filter 2 up" }).click();
      await expect(filter(1).getByLabel("Filter name")).toHaveValue("Campaigns");
      await expect(row(1, "Condition", 1).getByLabel("Header name")).toHaveValue("X-Campaign");
      await expect(row(2, "Condition", 2).getByLabel("Size")).toHaveValue("2");
      await save.click();
      await expect(saved).toBeVisible();
      rules = await rulesFromApi(page, authorization, mailboxId);
      expect(rules.filters.map((each) => each.name)).toEqual(["Campaigns", "Bills"]);
      expect(rules.sieve).toContain('header :contains "X-Campaign" "spring"');
      expect(rules.sieve).toContain('redirect :copy "grace@example.org";');
      expect(rules.sieve).toContain("size :over 2097152");
      expect(rules.sieve).toContain('fileinto :create :flags ["\\\\Flagged"] "Bills/2026";');
      expect(rules.sieve.indexOf("# Filter 1: Campaigns")).toBeGreaterThan(0);
      await page.reload();
      await expect(row(2, "Condition", 2).getByLabel("Unit")).toHaveValue("MB");
      await expect(filter(2)).toContainText("When Subject contains Invoice or Size is over 2 MB: move to Bills/2026, flag");
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      // Delete both: the mailbox is back to no filters.
      await filter(1).getByRole("button", { name: "Delete filter 1" }).click();
      await expect(filter(1).getByLabel("Filter name")).toHaveValue("Bills");
      await filter(1).getByRole("button", { name: "Delete filter 1" }).click();
      await expect(page.getByText("No filters yet.")).toBeVisible();
      await save.click();
      await expect(saved).toBeVisible();
      rules = await rulesFromApi(page, authorization, mailboxId);
      expect(rules.filters).toEqual([]);
      expect(rules.sieve).not.toContain("# Filter");
    });
  });
}
