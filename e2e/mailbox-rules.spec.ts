// A mailbox's Rules page as a customer uses it: reached from the mailbox's
// card, saved with its defaults, a vacation reply previewed as it is typed
// and saved, a bad forwarding address refused beside its field; on a wide
// screen and a 390 px phone, axe-clean.
import { newAccount, signUpInBrowser } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { arrangeMailbox } from "./support/hosted-mailbox";
import { expect, test } from "./support/test";
import { expectNoSidewaysScroll, wideAndPhone } from "./support/screens";

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
  });
}
