// Every page on a 390 px phone, in the light and the dark theme: nothing makes
// the page scroll sideways, and axe finds no serious or critical violation.
// Pages that list data are filled first (a verified domain with its DNS
// records, a sent message), since a long value is what pushes a page wide.
import type { Page } from "@playwright/test";
import { newAccount, signUpThroughPortal } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { arrangeMailbox, sendThroughMx } from "./support/hosted-mailbox";
import { dynamicPageSamples, publicDynamicPageSamples } from "./support/dynamic-page-samples";
import { waitForPageData } from "./support/page-data";
import { pageRoutes } from "./support/page-routes";
import { arrangeSentMessage } from "./support/sending-data";
import { expect, test } from "./support/test";

const phone = { width: 390, height: 844 };

/** Pages that show sending data get a domain and a message; the message's own page needs its id. */
const withSendingData = new Set(["/dashboard", "/domains", "/domains/[domain_id]", "/messages", "/messages/[message_id]"]);
/** Pages of hosted mailboxes get a mailbox with a message in it; the inbox needs the mailbox's id. */
const withMailbox = new Set(["/mailboxes", "/mailboxes/[mailbox_id]/inbox"]);

/** The widest elements past the right edge, to say what overflows when something does. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].slice(0, 4).join(".")}`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits };
  });
}

test.describe("390 px phone", () => {
  test.use({ viewport: phone });

  for (const route of pageRoutes) {
    const publicSample = publicDynamicPageSamples[route.path];
    // Other portal pages with an id (an invoice) get the sample the page sweeps use.
    const portalSample = withSendingData.has(route.path) || withMailbox.has(route.path) ? undefined : dynamicPageSamples[route.path];
    const needsData = withSendingData.has(route.path) || withMailbox.has(route.path) || Boolean(publicSample ?? portalSample);
    // One test per page for both themes: the arranging (a sign-up, a domain, a send, a mailbox) is the slow part.
    test(`${route.path} light and dark: no sideways scrolling, no serious axe violations`, async ({ page }) => {
      // A dynamic segment without a sample cannot be opened.
      test.skip(Boolean(route.skipReason) && !needsData, route.skipReason);
      test.slow(); // a sign-up, maybe a domain and a send, two full axe audits: 30 s is tight on a busy machine
      let path = publicSample ? await publicSample(page.request) : route.path;
      if (route.signedIn) {
        const account = newAccount("mobile");
        await signUpThroughPortal(page.context().request, account);
        if (withSendingData.has(route.path)) {
          const { messageId, domainId } = await arrangeSentMessage(page.request, account);
          path = path.replace("[message_id]", messageId).replace("[domain_id]", domainId);
        }
        if (portalSample) path = await portalSample(page, account);
        if (withMailbox.has(route.path)) {
          const { address, mailboxId } = await arrangeMailbox(page.request, account, "a-rather-long-mailbox-name");
          await sendThroughMx({
            to: address,
            subject: "Your receipt for order 10482: two items, shipped today by express courier",
            text: "Thank you for your order.",
          });
          path = path.replace("[mailbox_id]", mailboxId);
        }
      }
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        if (colorScheme === "light") await page.goto(path);
        else await page.reload();
        await waitForPageData(page, route.path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);

        const measured = await overflow(page);
        expect(measured.scrollWidth, `${colorScheme}: wider than the screen: ${measured.culprits.join(", ")}`).toBeLessThanOrEqual(
          measured.clientWidth,
        );
        expect(await seriousViolations(page), `${colorScheme} theme`).toEqual([]);
      }
    });
  }

  test("DNS records become cards whose copy buttons are on screen", async ({ page }) => {
    test.slow();
    const account = newAccount("mobile-dns");
    await signUpThroughPortal(page.context().request, account);
    const { domain } = await arrangeSentMessage(page.request, account);
    await page.goto("/domains");
    const table = page.getByRole("region", { name: domain }).getByRole("table");
    // Six records, still rows of a table to assistive technology; the column headers gave way to labels in each card.
    await expect(table.getByRole("row")).toHaveCount(6);
    await expect(table.locator("thead")).toBeHidden();
    await expect(table.getByRole("row").first()).toContainText("Name");
    const copyButtons = table.getByRole("button", { name: /^Copy / });
    await expect(copyButtons).toHaveCount(12);
    for (const button of await copyButtons.all()) {
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    }
    // Each record is one card as wide as the table, not a row running off screen.
    const [tableBox, rowBox] = await Promise.all([table.boundingBox(), table.locator("tbody tr").first().boundingBox()]);
    expect(Math.abs(rowBox!.width - tableBox!.width)).toBeLessThan(2);
  });

  test("sent messages become cards with the subject, status and recipients", async ({ page }) => {
    test.slow();
    const account = newAccount("mobile-messages");
    await signUpThroughPortal(page.context().request, account);
    await arrangeSentMessage(page.request, account);
    await page.goto("/messages");
    const table = page.getByRole("table", { name: /Sent messages/ });
    await expect(table.locator("thead")).toBeHidden();
    const card = table.locator("tbody tr").first();
    await expect(card.getByRole("link", { name: /Your receipt for order 10482/ })).toBeVisible();
    await expect(card).toContainText("a-rather-long-recipient-address@customers.example.com");
    const [tableBox, cardBox] = await Promise.all([table.boundingBox(), card.boundingBox()]);
    expect(Math.abs(cardBox!.width - tableBox!.width)).toBeLessThan(2);
  });
});
