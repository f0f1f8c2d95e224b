// The Mailboxes page: on a domain verified through the test DNS server, create
// a mailbox (the form's defaults left as they are), add an app password (shown
// once), change its password, quota and spam settings, the domain's spam
// lists, an alias and a catch-all, and switch a protocol off; on a wide screen
// and on a 390 px phone.
import { randomBytes } from "node:crypto";
import { newAccount, signUpInBrowser } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { addDomainInPortal, publishAndVerifyInPortal } from "./support/sending-domains";
import { expect, test } from "./support/test";

for (const [label, viewport] of [
  ["wide screen", { width: 1280, height: 900 }],
  ["390 px phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`mailboxes page, ${label}`, () => {
    test.use({ viewport });

    test("create a mailbox, an app password, an alias and a catch-all; switch IMAP off", async ({ page, context }) => {
      test.setTimeout(150_000);
      const account = newAccount("mailboxes");
      const domain = `mail-${randomBytes(4).toString("hex")}.example.org`;
      await signUpInBrowser(page, account);
      await page.goto("/mailboxes");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mailboxes");
      await expect(page.getByText("No domain ready for mailboxes")).toBeVisible();

      // The domain is set up on a wide screen (the records table reads as a table there), then back to the viewport under test.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/domains");
      await addDomainInPortal(page, domain);
      await publishAndVerifyInPortal(page, domain);
      await page.setViewportSize(viewport);
      await page.goto("/mailboxes");

      // The API's password rule, beside the field.
      const form = page.getByRole("form", { name: "Create a mailbox" });
      await form.getByLabel("Address").fill("ada");
      await form.getByLabel("Password", { exact: true }).fill("short");
      await form.getByRole("button", { name: "Create mailbox" }).click();
      await expect(form.getByText("Password must be at least 12 characters")).toBeVisible();

      // Domain, name and quota keep their defaults.
      await expect(form.getByLabel("Domain")).toHaveValue(domain);
      await form.getByLabel("Password", { exact: true }).fill("Correct-horse-battery-9");
      await form.getByRole("button", { name: "Create mailbox" }).click();
      const address = `ada@${domain}`;
      await expect(page.getByRole("status").filter({ hasText: `Created ${address}.` })).toBeVisible();
      const card = page.getByRole("region", { name: address, exact: true });
      await expect(card.getByRole("meter", { name: `Storage of ${address}` })).toHaveAttribute("aria-valuetext", "0 MB of 1 GB used");
      await expect(page.getByText(`Mail for ${domain} does not reach these mailboxes`)).toHaveCount(0);

      // An app password with the form's defaults (every protocol): shown once, with a copy button.
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await card.getByRole("button", { name: "Create app password" }).click();
      const dialog = page.getByRole("dialog", { name: "Copy the app password" });
      const secret = (await dialog.getByTestId("app-password-secret").innerText()).trim();
      expect(secret).toMatch(/^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/);
      // Shown once, so Copy comes first: above Done on a phone, in the primary (right) place on a wide screen, first in tab order.
      const [copyBox, doneBox] = await Promise.all(
        ["Copy password", "Done"].map((name) => dialog.getByRole("button", { name }).boundingBox()),
      );
      if (viewport.width < 640) expect(copyBox!.y + copyBox!.height).toBeLessThanOrEqual(doneBox!.y);
      else expect(copyBox!.x).toBeGreaterThan(doneBox!.x);
      await page.getByTestId("app-password-secret").click();
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name: "Copy password" })).toBeFocused();
      await dialog.getByRole("button", { name: "Copy password" }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await dialog.getByRole("button", { name: "Done" }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByRole("list", { name: `App passwords of ${address}` })).toContainText("Mail app");
      await expect(card.getByRole("list", { name: `App passwords of ${address}` })).toContainText("IMAP, POP3, SMTP");
      await expect(page.getByText(secret)).toHaveCount(0);

      // A new password, in a dialog, by the same rules.
      await card.getByRole("button", { name: `Change password… of ${address}` }).click();
      const passwordDialog = page.getByRole("dialog", { name: `New password for ${address}` });
      await passwordDialog.getByLabel("New password").fill("too-short");
      await passwordDialog.getByRole("button", { name: "Change password" }).click();
      await expect(passwordDialog.getByText("Password must be at least 12 characters")).toBeVisible();
      await passwordDialog.getByLabel("New password").fill("Another-horse-battery-7");
      await passwordDialog.getByRole("button", { name: "Change password" }).click();
      await expect(passwordDialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: `Changed the password of ${address}.` })).toBeVisible();

      // The quota, in a dialog that opens with the current one: saved as it is, then past the plan's largest
      // (the API's answer beside the field), empty (the API's number rule), then smaller.
      const changeQuota = card.getByRole("button", { name: `Change quota… of ${address}` });
      const quotaDialog = page.getByRole("dialog", { name: `Storage quota of ${address}` });
      await changeQuota.click();
      await expect(quotaDialog.getByLabel("Storage quota (MB)")).toHaveValue("1024");
      await quotaDialog.getByRole("button", { name: "Save quota" }).click();
      await expect(quotaDialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: `${address} can now store up to 1 GB.` })).toBeVisible();
      await changeQuota.click();
      await quotaDialog.getByLabel("Storage quota (MB)").fill("2048");
      await quotaDialog.getByRole("button", { name: "Save quota" }).click();
      await expect(quotaDialog.getByText("The Free plan allows at most 1024 MB per mailbox.")).toBeVisible();
      await quotaDialog.getByLabel("Storage quota (MB)").fill("");
      await quotaDialog.getByRole("button", { name: "Save quota" }).click();
      await expect(quotaDialog.getByText("Quota must be a whole number of megabytes")).toBeVisible();
      await quotaDialog.getByLabel("Storage quota (MB)").fill("512");
      await quotaDialog.getByRole("button", { name: "Save quota" }).click();
      await expect(quotaDialog).toBeHidden();
      await expect(card.getByRole("meter", { name: `Storage of ${address}` })).toHaveAttribute("aria-valuetext", "0 MB of 512 MB used");

      // Spam settings, in a dialog that opens with the defaults: saved as they are, then a bad entry (the API's
      // rule beside the field), then tag-only with an allowed domain, which the dialog shows when opened again.
      const changeSpam = card.getByRole("button", { name: `Spam filter… of ${address}` });
      const spamDialog = page.getByRole("dialog", { name: `Spam filter of ${address}` });
      await changeSpam.click();
      await expect(spamDialog.getByLabel("Move spam to Junk")).toBeChecked();
      expect(await seriousViolations(page)).toEqual([]);
      await spamDialog.getByRole("button", { name: "Save spam settings" }).click();
      await expect(spamDialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: `Saved the spam settings of ${address}.` })).toBeVisible();
      await changeSpam.click();
      await spamDialog.getByLabel("Always accept").fill("friends");
      await spamDialog.getByRole("button", { name: "Save spam settings" }).click();
      await expect(spamDialog.getByText('"friends" is not an address or a domain written @example.com')).toBeVisible();
      await spamDialog.getByLabel("Always accept").fill("@Friends.example\nann@example.org");
      await spamDialog.getByLabel("Mark spam, keep it in the inbox").check();
      await spamDialog.getByRole("button", { name: "Save spam settings" }).click();
      await expect(spamDialog).toBeHidden();
      await changeSpam.click();
      await expect(spamDialog.getByLabel("Mark spam, keep it in the inbox")).toBeChecked();
      await expect(spamDialog.getByLabel("Always accept")).toHaveValue("@friends.example\nann@example.org");
      await spamDialog.getByRole("button", { name: "Cancel" }).click();

      // The domain's spam lists, for every mailbox on it: saved as they open (empty), then a block list.
      const changeLists = page.getByRole("button", { name: `Spam lists… for ${domain}` });
      const listsDialog = page.getByRole("dialog", { name: `Spam lists for ${domain}` });
      await changeLists.click();
      await expect(listsDialog.getByLabel("Always refuse")).toHaveValue("");
      await listsDialog.getByRole("button", { name: "Save spam lists" }).click();
      await expect(listsDialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: `Saved the spam lists for ${domain}.` })).toBeVisible();
      await changeLists.click();
      await listsDialog.getByLabel("Always refuse").fill("@pest.example\nnot an address");
      await listsDialog.getByRole("button", { name: "Save spam lists" }).click();
      await expect(listsDialog.getByText('"not an address" is not an address or a domain written @example.com')).toBeVisible();
      await listsDialog.getByLabel("Always refuse").fill("@Pest.example");
      await listsDialog.getByRole("button", { name: "Save spam lists" }).click();
      await expect(listsDialog).toBeHidden();
      await changeLists.click();
      await expect(listsDialog.getByLabel("Always refuse")).toHaveValue("@pest.example");
      expect(await seriousViolations(page)).toEqual([]);
      await listsDialog.getByRole("button", { name: "Cancel" }).click();

      // A protocol switched off stays off.
      const imap = card.getByRole("switch", { name: `IMAP for ${address}` });
      await expect(imap).toHaveAttribute("aria-checked", "true");
      await imap.click();
      await expect(imap).toHaveAttribute("aria-checked", "false");
      await page.reload();
      await expect(
        page.getByRole("region", { name: address, exact: true }).getByRole("switch", { name: `IMAP for ${address}` }),
      ).toHaveAttribute("aria-checked", "false");

      // An alias into the mailbox (chosen by default), then the domain's catch-all.
      const aliasForm = page.getByRole("form", { name: "Create an alias" });
      await expect(page.getByText("No aliases yet.")).toBeVisible();
      // The API's own address rule, checked before anything is sent, beside the part typed.
      await aliasForm.getByRole("button", { name: "Create alias" }).click();
      await expect(aliasForm.getByText("Enter the part before the @, like sales")).toBeVisible();
      await aliasForm.getByLabel("Alias address").fill("sales+news");
      await aliasForm.getByRole("button", { name: "Create alias" }).click();
      await expect(aliasForm.getByText("Enter an address like sales@example.com")).toBeVisible();
      await aliasForm.getByLabel("Alias address").fill("sales");
      await expect(aliasForm.getByLabel("Alias address")).toHaveValue("sales");
      await aliasForm.getByRole("button", { name: "Create alias" }).click();
      const aliases = page.getByRole("list", { name: "Aliases" });
      await expect(aliases).toContainText(`sales@${domain}`);
      await expect(aliases).toContainText(`→ ${address}`);
      await aliasForm.getByLabel("Catch-all").check();
      await aliasForm.getByRole("button", { name: "Create catch-all" }).click();
      await expect(aliases.getByRole("listitem")).toHaveCount(2);
      await expect(aliases.getByRole("listitem").first()).toContainText(`*@${domain}catch-all`);

      // The settings a mail app needs, each with a copy button.
      const settings = page.getByRole("region", { name: "Mail client settings" });
      await expect(settings.getByText("IMAP", { exact: true })).toBeVisible();
      await settings.getByRole("button", { name: "Copy the IMAP port" }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(process.env.E2E_IMAP_PORT);
      // "Copied" shows for two seconds; then the button reads "Copy" again (its name includes what it shows).
      await expect(settings.getByRole("button", { name: "Copy the IMAP port" })).toHaveText("Copy");

      // Filled in, nothing pushes the page sideways and axe finds no serious violation.
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]! + 1);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
