// A newcomer's path through the portal, on a 390 px phone and a 1280 px
// screen: signing up from the landing page (and, signed in, going from it to
// the dashboard), confirming the address (kept across a reload, a new tab and
// another session, with the dev mailbox linked), the dev mailbox updating by
// itself, mailboxes on the dashboard and the billing plans, remote images on
// request in the inbox, and pages laid out so nothing overlaps or hides
// (docs/portal.md). E2E_SCREENSHOTS=<dir> saves light and dark screenshots.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "@playwright/test";
import { newAccount, signInInBrowser, signUpInBrowser, signUpThroughPortal } from "./support/accounts";
import { arrangeMailbox, sendThroughMx } from "./support/hosted-mailbox";
import { codeIn, emailCountAfterDelivery, waitForEmail } from "./support/mailbox";
import { arrangeSentMessage } from "./support/sending-data";
import { expect, type PageGuard, test } from "./support/test";

const screens = [
  { name: "390 px phone", viewport: { width: 390, height: 844 } },
  { name: "1280 px screen", viewport: { width: 1280, height: 900 } },
] as const;

async function screenshots(page: Page, name: string) {
  const directory = process.env.E2E_SCREENSHOTS;
  if (!directory) return;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${directory}/${name}-${page.viewportSize()!.width}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** How many lines the text `part` of the element takes (a Range's line boxes, by their tops). */
function linesOf(locator: Locator, part: string) {
  return locator.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const start = node.textContent?.indexOf(wanted) ?? -1;
      if (start < 0) continue;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + wanted.length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    return -1;
  }, part);
}

for (const screen of screens) {
  const isPhone = screen.viewport.width < 640;

  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });

    test("the landing page says what the product does and leads to sign-up first", async ({ page }) => {
      await page.goto("/");
      const main = page.getByRole("main");
      for (const topic of ["SMTP submission", "IMAP or POP3", "Hosted mailboxes", "Bounces and suppressions", "sending API"]) {
        await expect(main.getByText(topic).first()).toBeVisible();
      }
      // Sign-up is in the header at every width (a shorter word on a phone)…
      const header = page.getByRole("banner");
      const headerSignUp = header.getByRole("link", { name: isPhone ? "Sign up" : "Create account" });
      await expect(headerSignUp).toBeVisible();
      await expect(headerSignUp).toHaveAttribute("href", "/sign-up");
      // …and the hero's first button, before the API reference, with a way to sign in below it.
      const heroLinks = main.getByRole("link");
      await expect(heroLinks.first()).toHaveText("Create a free account");
      await expect(heroLinks.first()).toHaveAttribute("href", "/sign-up");
      await expect(main.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", "/sign-in");
      await expect(main.getByRole("link", { name: "Go to dashboard" })).toHaveCount(0);
      const box = (await heroLinks.first().boundingBox())!;
      expect(box.y + box.height, "the sign-up button is on the first screen").toBeLessThan(screen.viewport.height);
      await screenshots(page, "landing");

      if (isPhone) {
        // The phone's menu has a way in too.
        await page.getByRole("button", { name: "Menu" }).click();
        const menu = page.getByRole("navigation", { name: "Primary" });
        await expect(menu.getByRole("link", { name: "Create account" })).toBeVisible();
        await screenshots(page, "landing-menu");
        await menu.getByRole("link", { name: "Create account" }).click();
      } else {
        await headerSignUp.click();
      }
      await expect(page).toHaveURL("/sign-up");
      const account = newAccount("landing");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL("/dashboard");
    });

    test("signed in, the landing page leads to the dashboard, not to sign-up or sign-in", async ({ page }) => {
      const account = newAccount("landing-signed-in");
      await signUpThroughPortal(page.context().request, account);
      await page.goto("/");
      const main = page.getByRole("main");
      const first = main.getByRole("link").first();
      await expect(first).toHaveText("Go to dashboard");
      await expect(first).toHaveAttribute("href", "/dashboard");
      await expect(main.getByRole("link", { name: "Create a free account" })).toHaveCount(0);
      await expect(main.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
      await expect(main.getByText("Already have an account?")).toHaveCount(0);
      // The header names the account instead of offering a way in.
      const header = page.getByRole("banner");
      await expect(header.getByRole("button", { name: `Account: ${account.email}` })).toBeVisible();
      await expect(header.getByRole("link", { name: /^(Sign in|Sign up|Create account)$/ })).toHaveCount(0);
      await screenshots(page, "landing-signed-in");
      await first.click();
      await expect(page).toHaveURL("/dashboard");
    });

    test("confirming the address: the code field is back in a new tab and in another session, and the code works there", async ({
      page,
      browser,
    }) => {
      test.slow();
      const account = newAccount("confirm-elsewhere");
      await signUpInBrowser(page, account);
      const stepOf = (where: Page) => where.getByRole("list", { name: "Onboarding steps" }).getByRole("listitem").first();
      await stepOf(page).getByRole("button", { name: "Email me a code" }).click();
      await expect(stepOf(page).getByRole("status")).toContainText(`We sent a code to ${account.email}`);
      const sent = await waitForEmail(account.email);

      // A new tab of the same browser: no sessionStorage of the first one, the field all the same.
      const tab = await page.context().newPage();
      await tab.goto("/dashboard");
      await expect(stepOf(tab).getByLabel("Code from the email")).toBeVisible();
      await expect(stepOf(tab).getByRole("status")).toContainText(`We sent a code to ${account.email}`);
      await expect(stepOf(tab).getByRole("button", { name: "Email me a code" })).toHaveCount(0);
      await tab.close();

      // Another session (another browser): the field is there and the code read from the dev mailbox confirms.
      const other = await browser.newContext({ viewport: screen.viewport });
      try {
        const elsewhere = await other.newPage();
        await signInInBrowser(elsewhere, account);
        const step = stepOf(elsewhere);
        await expect(step.getByLabel("Code from the email")).toBeVisible();
        await expect(step.getByRole("button", { name: "Email me a code" })).toHaveCount(0);
        await step.getByLabel("Code from the email").fill(codeIn(sent));
        await step.getByRole("button", { name: "Confirm address" }).click();
        await expect(step.getByRole("button", { name: "Send a test email" })).toBeVisible();
      } finally {
        await other.close();
      }
      // No second code was asked for, and the first tab, reloaded, is past the step.
      expect(await emailCountAfterDelivery(account.email, 1_000)).toBe(1);
      await page.reload();
      await expect(stepOf(page).getByRole("button", { name: "Send a test email" })).toBeVisible();
    });

    test("confirming the address: says where the code went, links the dev mailbox, and survives a reload", async ({ page }) => {
      test.slow();
      const account = newAccount("confirm");
      await signUpInBrowser(page, account);
      const step = page.getByRole("list", { name: "Onboarding steps" }).getByRole("listitem").first();
      await step.getByRole("button", { name: "Email me a code" }).click();
      await expect(step.getByRole("status")).toContainText(`We sent a code to ${account.email}`);
      // Development: the dev mailbox is linked (in production it is not; docs/portal.md).
      await expect(step.getByRole("link", { name: /dev mailbox/ })).toHaveAttribute("href", "/dev/mail");
      const sent = await waitForEmail(account.email);
      await screenshots(page, "confirm-sent");

      // The confirmation form submitted as it comes (empty): the API's answer, and the step stays.
      await step.getByRole("button", { name: "Confirm address" }).click();
      await expect(step.getByRole("alert")).toBeVisible();
      await expect(step.getByLabel("Code from the email")).toBeVisible();

      // A reload keeps the step: the code already read still works, and no new one was asked for.
      await page.reload();
      await expect(step.getByLabel("Code from the email")).toBeVisible();
      await expect(step.getByRole("status")).toContainText(`We sent a code to ${account.email}`);
      await expect(step.getByRole("button", { name: "Email me a code" })).toHaveCount(0);
      expect(await emailCountAfterDelivery(account.email, 1_000)).toBe(1);
      await screenshots(page, "confirm-reloaded");

      await step.getByLabel("Code from the email").fill(codeIn(sent));
      await step.getByRole("button", { name: "Confirm address" }).click();
      await expect(step).toContainText(`to ${account.email}`);
      await expect(step.getByRole("button", { name: "Send a test email" })).toBeVisible();
      // Confirmed: a reload does not bring the code step back.
      await page.reload();
      await expect(step.getByRole("button", { name: "Send a test email" })).toBeVisible();
      await expect(step.getByLabel("Code from the email")).toHaveCount(0);
    });

    test("the dev mailbox shows a new email by itself, and Refresh opens the newest", async ({ page, request }) => {
      const account = newAccount("devmail-live");
      await signUpThroughPortal(request, account);
      expect((await request.post("/api/v1/auth/password/forgot", { data: { email: account.email } })).status()).toBe(200);
      const first = await waitForEmail(account.email);

      // An email picked from the list stays open while newer ones arrive.
      await page.goto(`/dev/mail?id=${first.id}`);
      const article = page.getByRole("article");
      const shownId = async () =>
        (await article.getByRole("link", { name: "Download .eml" }).getAttribute("href"))!.slice("/dev/mail/".length, -".eml".length);
      await expect(article.getByRole("heading", { level: 2 })).toHaveText("Reset your password");
      await expect(page.getByText("Updates by itself as emails arrive.")).toBeVisible();
      const mine = page.getByRole("navigation", { name: "Emails" }).getByRole("link").filter({ hasText: account.email });
      await expect(mine).toHaveCount(1);

      expect((await request.post("/api/v1/auth/magic-link/send", { data: { email: account.email } })).status()).toBe(200);
      const second = await waitForEmail(account.email, { count: 2 });
      // No reload: the list grows within a few polls.
      await expect(mine).toHaveCount(2, { timeout: 10_000 });
      await expect(article.getByRole("heading", { level: 2 })).toHaveText("Reset your password");

      // Refresh opens the newest email, not the one picked before.
      await page.getByRole("link", { name: "Refresh" }).click();
      await expect(page).toHaveURL("/dev/mail");
      await expect(page.getByRole("navigation", { name: "Emails" }).getByRole("link").first()).toHaveAttribute("aria-current", "true");
      // Other specs may have sent something since: the newest is this second email or later.
      expect((await shownId()) >= second.id).toBe(true);

      // Without an ?id the newest email opens by itself as it arrives.
      expect((await request.post("/api/v1/auth/password/forgot", { data: { email: account.email } })).status()).toBe(200);
      const third = await waitForEmail(account.email, { count: 3 });
      await expect(page.getByRole("navigation", { name: "Emails" }).getByRole("link").filter({ hasText: account.email })).toHaveCount(3, {
        timeout: 10_000,
      });
      await expect.poll(async () => (await shownId()) >= third.id, { timeout: 10_000 }).toBe(true);
      await screenshots(page, "dev-mail");
    });

    test("mailboxes are on the dashboard, in its checklist and in the billing plans", async ({ page }) => {
      test.slow();
      const account = newAccount("mailbox-story");
      await signUpThroughPortal(page.context().request, account);
      await page.goto("/dashboard");
      await expect(page.getByTestId("figure-Mailboxes")).toHaveText("0 / 2");
      const step = page.getByRole("list", { name: "Onboarding steps" }).getByRole("listitem").filter({ hasText: "Create a mailbox" });
      await expect(step.getByRole("link", { name: "Create a mailbox" })).toHaveAttribute("href", "/mailboxes");
      await expect(step).toContainText("IMAP or POP3");

      await arrangeMailbox(page.request, account, "story");
      await page.goto("/dashboard");
      await expect(page.getByTestId("figure-Mailboxes")).toHaveText("1 / 2");
      await expect(step).toContainText("(done)");
      await screenshots(page, "dashboard");
      await page
        .getByRole("link", { name: /^Mailboxes/ })
        .filter({ has: page.getByTestId("figure-Mailboxes") })
        .click();
      await expect(page).toHaveURL("/mailboxes");

      await page.goto("/billing");
      const plans = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
      await expect(page.getByRole("listitem", { name: "Free plan" }).getByTestId("plan-mailboxes")).toHaveText(
        "2 mailboxes, up to 1 GB each",
      );
      await expect(page.getByRole("listitem", { name: "Starter plan" }).getByTestId("plan-mailboxes")).toHaveText(
        "5 mailboxes, up to 10 GB each",
      );
      await expect(plans.getByTestId("plan-mailboxes").first()).toBeVisible();
      await screenshots(page, "billing");
    });

    test("a received message's remote images load only when asked for, per message", async ({ page, pageGuard }) => {
      test.slow();
      let hits = 0;
      // A "remote" image server: any origin but ours.
      const images: Server = createServer((_request, response) => {
        hits += 1;
        response.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "no-store" });
        response.end(
          '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#4f46e5"/></svg>',
        );
      });
      await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
      const imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/shop.svg`;
      try {
        const account = newAccount("remote-images");
        await signUpThroughPortal(page.context().request, account);
        const { address, mailboxId } = await arrangeMailbox(page.request, account, "images");
        const subject = `Spring newsletter ${Date.now()}`;
        await sendThroughMx({
          to: address,
          subject,
          text: "Our new shop.",
          html: `<h1>Spring news</h1><p>Our new shop:</p><img src="${imageUrl}" alt="The new shop" width="120" height="60">`,
        });
        await page.goto(`/mailboxes/${mailboxId}/inbox`);
        const row = page.getByRole("list", { name: "Messages" }).getByRole("listitem").filter({ hasText: subject });
        await expect(row).toHaveCount(1, { timeout: 15_000 });
        await row.getByRole("button").click();
        const message = page.getByRole("article", { name: subject });
        const frame = page.frameLocator('iframe[title="Message body (HTML)"]');
        await expect(frame.getByRole("heading", { name: "Spring news" })).toBeVisible();
        const naturalWidth = () =>
          frame.getByRole("img", { name: "The new shop" }).evaluate((image: HTMLImageElement) => image.naturalWidth);

        // Blocked by default: the sender learns nothing.
        await expect(message).toContainText("Remote images are blocked");
        expect(await naturalWidth()).toBe(0);
        expect(hits).toBe(0);
        await screenshots(page, "inbox-images-blocked");

        await message.getByRole("button", { name: "Show remote images" }).click();
        await expect(message).toContainText("Remote images are shown for this message.");
        await expect.poll(naturalWidth).toBe(120);
        expect(hits).toBe(1);
        await screenshots(page, "inbox-images-shown");

        // Closing and opening it again blocks them again.
        // Wide screens say "Close"; a phone shows one pane at a time and goes back to the list.
        await message.getByRole("button", { name: /^(Close|← Inbox)$/ }).click();
        await row.getByRole("button").click();
        await expect(page.getByRole("article", { name: subject }).getByRole("button", { name: "Show remote images" })).toBeVisible();
      } finally {
        images.close();
      }
      expectOnlyTheImage(pageGuard, imageUrl);
    });

    test("DNS records: badges and notes clear of the titles, names broken at dots and hyphens, values with room", async ({ page }) => {
      const account = newAccount("dns-layout");
      await signUpThroughPortal(page.context().request, account);
      const { domain } = await arrangeSentMessage(page.request, account);
      await page.goto("/domains");
      const table = page.getByRole("table", { name: `DNS records for ${domain}` });
      await expect(table.getByText("Found", { exact: true })).toHaveCount(6);
      for (const title of ["SPF", "Return path"]) {
        const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${title}`) }) });
        const heading = (await row.getByRole("rowheader").boundingBox())!;
        const badge = (await row.getByText("Found", { exact: true }).boundingBox())!;
        const note = (await row.getByText(/names localhost/).boundingBox())!;
        // The title keeps its room (a wide note once squeezed its column to 0 px and was drawn over it).
        expect(heading.width, `${title}: the title's width`).toBeGreaterThan(40);
        expect(overlaps(heading, badge), `${title}: badge over the title`).toBe(false);
        expect(overlaps(heading, note), `${title}: note over the title`).toBe(false);
      }
      // The DMARC name breaks only at a dot, if at all; the DKIM value gets room.
      const dmarcName = table
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: /^DMARC/ }) })
        .locator("code")
        .first();
      expect(await linesOf(dmarcName, "_dmarc")).toBe(1);
      // (A hyphen is a break opportunity too: "mobile-" may end a line, the hex after it may not break.)
      expect(await linesOf(dmarcName, domain.split(".")[0]!.split("-")[1]!)).toBe(1);
      const dkimValue = table
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: /^DKIM/ }) })
        .locator("code")
        .nth(1);
      const valueBox = (await dkimValue.boundingBox())!;
      if (!isPhone) {
        expect(valueBox.width, "the value column's width").toBeGreaterThan(300);
        expect(valueBox.height, "the DKIM value's height (520 px in a 233 px column before)").toBeLessThan(300);
      }
      await screenshots(page, "domains");
    });

    test("activity: every event's time, address and device on screen", async ({ page }) => {
      const account = newAccount("activity-layout");
      await signUpThroughPortal(page.context().request, account);
      await page.goto("/activity");
      const table = page.getByRole("table");
      const row = table
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader") })
        .first();
      await expect(row.locator("time")).toBeVisible();
      for (const cell of await row.getByRole("cell").all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width, "a cell past the right edge").toBeLessThanOrEqual(screen.viewport.width);
      }
      const region = page.getByRole("region", { name: /Account activity/ });
      const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(widths.scroll, "nothing to scroll sideways to").toBeLessThanOrEqual(widths.client);
      if (isPhone) await expect(row.getByText("IP address")).toBeVisible();
      else await expect(table.getByRole("columnheader", { name: "IP address" })).toBeVisible();
      await screenshots(page, "activity");
    });

    test("a message's addresses break between addresses, not inside them", async ({ page }) => {
      const account = newAccount("message-layout");
      await signUpThroughPortal(page.context().request, account);
      const { messageId } = await arrangeSentMessage(page.request, account);
      await page.goto(`/messages/${messageId}`);
      const to = page.getByRole("definition").filter({ hasText: "second@example.com" }).first();
      await expect(to).toBeVisible();
      expect(await linesOf(to, "second@example.com")).toBe(1);
      await screenshots(page, "message");
    });
  });
}

/** The remote-images test loads one image from another origin on purpose, and the frame's policy refuses it first. */
function expectOnlyTheImage(guard: PageGuard, imageUrl: string) {
  expect(guard.foreignRequests.filter((url) => url !== imageUrl)).toEqual([]);
  expect(guard.cspViolations.filter((text) => !/img-src|image/i.test(text))).toEqual([]);
  guard.foreignRequests.length = 0;
  guard.cspViolations.length = 0;
}
