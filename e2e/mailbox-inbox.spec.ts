// The inbox of a hosted mailbox, as a customer uses it: on a verified domain,
// create a mailbox with the form's defaults, receive a message sent to it from
// outside through the MX (an HTML part and an attachment), read it in the
// portal (the HTML in a sandboxed frame, the attachment downloadable, what the
// MX found about the sender), mark it spam (to Junk) and not spam (back) with
// the reader's buttons, delete it (to Trash); on a wide screen and a 390 px
// phone. The rest of the webmail is e2e/webmail.spec.ts.
// And what the page says while the mail storage is offline.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { newAccount, signUpInBrowser, signUpThroughPortal } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { arrangeMailbox, sendThroughMx } from "./support/hosted-mailbox";
import { addDomainInPortal, publishAndVerifyInPortal } from "./support/sending-domains";
import { expect, test } from "./support/test";
import { expectNoSidewaysScroll, wideAndPhone } from "./support/screens";

/** The folder list is beside the messages on a wide screen; on a phone it is a pane of its own. */
async function openFolder(page: Page, name: string) {
  const folders = page.getByRole("navigation", { name: "Folders" });
  if (!(await folders.isVisible())) await page.getByRole("button", { name: "← Folders" }).click();
  await folders.getByRole("link", { name: new RegExp(`^${name}`) }).click();
}

for (const [label, viewport] of wideAndPhone) {
  test.describe(`mailbox inbox, ${label}`, () => {
    test.use({ viewport });

    test("receive a message through the MX, read it, move it to Junk and back, delete it", async ({ page }) => {
      test.setTimeout(120_000);
      const account = newAccount("inbox");
      const domain = `inbox-${randomBytes(4).toString("hex")}.example.org`;
      await signUpInBrowser(page, account);

      // The domain is set up on a wide screen (the records table reads as a table there).
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/domains");
      await addDomainInPortal(page, domain);
      await publishAndVerifyInPortal(page, domain);
      await page.setViewportSize(viewport);

      // A mailbox with the form's defaults: the first domain, no name, the plan's quota.
      await page.goto("/mailboxes");
      const form = page.getByRole("form", { name: "Create a mailbox" });
      await form.getByLabel("Address").fill("ada");
      await form.getByLabel("Password", { exact: true }).fill("Correct-horse-battery-9");
      await form.getByRole("button", { name: "Create mailbox" }).click();
      const address = `ada@${domain}`;
      await expect(page.getByRole("status").filter({ hasText: `Created ${address}.` })).toBeVisible();

      // Its inbox names it and leads back; nothing in it yet.
      await page.getByRole("link", { name: `Inbox of ${address}` }).click();
      await expect(page).toHaveURL(/\/mailboxes\/mbx_[^/]+\/inbox$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(address);
      await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();

      // From outside: a sending server hands the message to the MX, which delivers it to the mailbox.
      const subject = `Quarterly figures ${randomBytes(3).toString("hex")}`;
      const attachment = "Item,Amount\nWidgets,1200\n";
      await sendThroughMx({
        to: address,
        subject,
        text: "The figures are attached. Plain text for every mail app.",
        html: "<h1>Quarterly figures</h1><p>The figures are <strong>attached</strong>.</p>",
        attachments: [{ filename: "figures.csv", content: attachment, contentType: "text/csv" }],
      });

      // The inbox looks again on its own every 30 seconds; a reload shows it at once.
      await page.reload();
      const messages = page.getByRole("list", { name: "Messages" });
      await expect(messages.getByRole("listitem")).toHaveCount(1);
      const row = messages.getByRole("listitem").first();
      await expect(row).toContainText("grace@sender.example.net");
      await expect(row).toContainText(subject);
      await expect(row.getByText("Unread", { exact: true })).toBeVisible();

      // Reading it: the headers, what the MX found about the sender, the HTML sandboxed, the text, the attachment.
      await row.getByRole("button").click();
      const message = page.getByRole("article", { name: subject });
      await expect(message.getByRole("heading", { name: subject })).toBeFocused();
      await expect(message).toContainText(`Grace Hopper`);
      await expect(message).toContainText(address);
      const authentication = message.getByRole("list", { name: "Sender authentication" });
      await expect(authentication.getByRole("listitem")).toHaveCount(3);
      await expect(authentication).toContainText("SPF");
      await expect(authentication).toContainText("DMARC");
      const resultsHeader = message.getByRole("group").filter({ has: page.getByText("Authentication-Results", { exact: true }) });
      await resultsHeader.getByText("Authentication-Results", { exact: true }).click();
      await expect(resultsHeader.locator("pre")).toBeVisible();
      await expect(resultsHeader.locator("pre")).toContainText("spf=none");
      const frame = message.locator('iframe[title="Message body (HTML)"]');
      await expect(frame).toHaveAttribute("sandbox", "");
      await expect(
        page.frameLocator('iframe[title="Message body (HTML)"]').getByRole("heading", { name: "Quarterly figures" }),
      ).toBeVisible();
      await message.getByText("Plain text version").click();
      await expect(message.getByText("Plain text for every mail app.")).toBeVisible();
      const attachments = message.getByRole("list", { name: "Attachments" });
      await expect(attachments).toContainText("text/csv");
      const downloading = page.waitForEvent("download");
      await attachments.getByRole("link", { name: "figures.csv" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("figures.csv");
      expect(readFileSync(await download.path(), "utf8")).toBe(attachment);

      // Read now: the list says so.
      await expect(row.getByText("Unread", { exact: true })).toHaveCount(0);

      // Open, on this screen: nothing pushes the page sideways and axe finds no serious violation.
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      // "Spam" moves it to Junk. This server's spam filter is off, so it cannot learn: the notice says so.
      await message.getByRole("button", { name: "Spam", exact: true }).click();
      const moved = page.getByRole("status").filter({ hasText: `Moved “${subject}” to Junk.` });
      await expect(moved).toContainText("The spam filter was not taught");
      await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();

      // The Junk folder, from the folder list; the message there shows the filter's verdict (none recorded here).
      await openFolder(page, "Junk");
      await expect(page).toHaveURL(/\/inbox\?folder=Junk$/);
      await expect(page.getByRole("heading", { level: 2, name: "Junk" })).toBeVisible();
      await expect(row).toContainText(subject);
      await row.getByRole("button").click();
      await expect(message.getByText("No spam filter verdict recorded.")).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      // "Not spam", from the keyboard, moves it back to INBOX.
      await message.getByRole("button", { name: "Not spam" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: `Moved “${subject}” to Inbox.` })).toBeVisible();
      await expect(page.getByRole("heading", { name: "No messages in Junk" })).toBeVisible();
      await openFolder(page, "Inbox");
      await expect(page).toHaveURL(/\/inbox$/);
      await row.getByRole("button").click();
      await expect(message.getByRole("button", { name: "Spam", exact: true })).toBeVisible();

      // Deleted: to Trash at once, where it can be brought back (Undo).
      await message.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Moved “${subject}” to Trash.` })).toContainText("Undo");
      await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
      await expect(message).toHaveCount(0);
      await expectNoSidewaysScroll(page);

      await page.getByRole("link", { name: "← Mailboxes" }).click();
      await expect(page).toHaveURL("/mailboxes");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mailboxes");
    });
  });
}

test("while the mail storage is offline, the inbox says so and comes back with Try again", async ({ page }) => {
  test.slow();
  const account = newAccount("inbox-offline");
  await signUpThroughPortal(page.context().request, account);
  const { address, mailboxId } = await arrangeMailbox(page.request, account);
  // The reading endpoints' answer while Dovecot cannot be reached (tests/integration/dovecot-supervision.integration.test.ts
  // stops the real one); stopping the e2e server's own would fail the specs running beside this one.
  const offline = { success: false, message: "Mail storage is offline; try again shortly.", data: { code: "mail_storage_offline" } };
  await page.route(`**/api/portal/mailboxes/${mailboxId}/messages**`, (route) => route.fulfill({ status: 503, json: offline }));

  await page.goto(`/mailboxes/${mailboxId}/inbox`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(address);
  const notice = page.getByRole("status").filter({ hasText: "Mail storage is offline" });
  await expect(notice).toContainText("Incoming mail is not lost");
  await expect(page.getByText("We could not load")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.unroute(`**/api/portal/mailboxes/${mailboxId}/messages**`);
  await notice.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("another account's or an unknown mailbox: the inbox says it does not exist", async ({ page, request }) => {
  test.slow();
  const owner = newAccount("inbox-owner");
  await signUpThroughPortal(request, owner);
  const { address, mailboxId } = await arrangeMailbox(request, owner);
  await signUpThroughPortal(page.context().request, newAccount("inbox-stranger"));
  for (const id of [mailboxId, "mbx_doesnotexist"]) {
    await page.goto(`/mailboxes/${id}/inbox`);
    await expect(page.getByRole("alert").filter({ hasText: "This mailbox does not exist" })).toContainText("It may have been deleted");
    await expect(page.getByRole("link", { name: "← Mailboxes" })).toBeVisible();
    await expect(page.getByText(address)).toHaveCount(0);
  }
});
