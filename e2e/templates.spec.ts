// The Templates page as a customer writes one: the form saved with its
// defaults makes a working template; one written from scratch says what is
// missing; the preview follows every edit (subject,
// HTML, text part), the variables form made from the schema changes what it
// shows, at a desktop width and at 390 px, in light and dark; saving makes
// version 2, compared with version 1 line by line; a test of it reaches the
// account's own address; restoring version 1 makes version 3 with version 1's
// parts; deleting it empties the list.
import { newAccount, signInThroughApi, signUpInBrowser } from "./support/accounts";
import { codeIn, emailsTo } from "./support/mailbox";
import { expectNoSidewaysScroll, wideAndPhone } from "./support/screens";
import { expect, test } from "./support/test";

for (const [screen, viewport] of wideAndPhone) {
  test(`write a template with a live preview, save versions and restore one, on a ${screen}`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const account = newAccount("templates");
    await signUpInBrowser(page, account);
    // The test sender writes only to a proven address: prove it as a user would, with the emailed code.
    const authorization = `Bearer ${await signInThroughApi(page.request, account)}`;
    expect((await page.request.post("/api/v1/account/email/confirmation", { headers: { authorization }, data: {} })).status()).toBe(200);
    await expect.poll(() => emailsTo(account.email).some((email) => /\b\d{6}\b/.test(email.text)), { timeout: 15_000 }).toBe(true);
    const code = codeIn(emailsTo(account.email).find((email) => /\b\d{6}\b/.test(email.text))!);
    expect((await page.request.post("/api/v1/account/email/confirm", { headers: { authorization }, data: { code } })).status()).toBe(200);
    await page.goto("/templates");
    await expect(page.getByText("No templates yet.")).toBeVisible();
    await page.getByRole("link", { name: "New template" }).click();
    await expect(page).toHaveURL("/templates/new");

    const form = page.getByRole("form", { name: "New template" });
    // Its defaults are a template that works as it stands: saved, it is version 1 of a real template.
    await expect(page.getByRole("region", { name: "Preview" }).getByTestId("preview-subject")).toHaveText("Welcome, name");
    await form.getByRole("button", { name: "Create template" }).click();
    await expect(page).toHaveURL(/\/templates\/tpl_[0-9a-f]{24}$/);
    // So are a new layout's.
    await page.goto("/templates/new?kind=layout");
    await page.getByRole("form", { name: "New layout" }).getByRole("button", { name: "Create layout" }).click();
    await expect(page).toHaveURL(/\/templates\/tpl_[0-9a-f]{24}$/);
    await page.goto("/templates/new");

    // Written from scratch.
    await form.getByLabel("Name").fill("");
    await form.getByRole("button", { name: "Create template" }).click();
    await expect(form.getByText("Give it a name")).toBeVisible();
    await form.getByLabel("Name").fill("Welcome");
    await form.getByLabel("Subject").fill("Welcome, {{name}}");
    await form.getByLabel("HTML").fill("<h1>Hello {{name}}</h1>{{#if vip}}<p>VIP</p>{{/if}}");
    await form
      .getByLabel("Variables schema")
      .fill('{ "type": "object", "properties": { "name": { "type": "string" }, "vip": { "type": "boolean" } }, "required": ["name"] }');

    // The preview follows the edits, with the stand-in values of the variables form.
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByTestId("preview-subject")).toHaveText("Welcome, name");
    await expect(preview.getByLabel("Text part")).toContainText("HELLO NAME");
    await page.getByLabel("name", { exact: true }).fill("Ada");
    await expect(preview.getByTestId("preview-subject")).toHaveText("Welcome, Ada");
    await page.getByLabel("vip").check();
    await expect(preview.getByLabel("Text part")).toContainText("VIP");
    await expect(preview.frameLocator("iframe").getByRole("heading", { name: "Hello Ada" })).toBeVisible();

    await preview.getByRole("button", { name: "390 px" }).click();
    await expect(preview.locator("[data-preview-width]")).toHaveAttribute("data-preview-width", "phone");
    await preview.getByRole("button", { name: "Dark" }).click();
    await expect(preview.frameLocator("iframe").getByRole("heading", { name: "Hello Ada" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await form.getByRole("button", { name: "Create template" }).click();
    await expect(page).toHaveURL(/\/templates\/tpl_[0-9a-f]{24}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Versions" }).getByRole("listitem")).toHaveCount(1);

    const editor = page.getByRole("form", { name: "Edit Welcome" });
    await editor.getByLabel("Subject").fill("Hi {{name}}");
    await editor.getByRole("button", { name: "Save new version" }).click();
    await expect(editor.getByRole("status").filter({ hasText: "Saved as version 2." })).toBeVisible();
    const versions = page.getByRole("list", { name: "Versions" });
    await expect(versions.getByRole("listitem")).toHaveCount(2);
    await versions.getByRole("button", { name: "Compare version 1 with the latest" }).click();
    const changes = page.getByRole("region", { name: "Changes from version 1 to 2" });
    await expect(changes.getByText("− Welcome, {{name}}")).toBeVisible();
    await expect(changes.getByText("+ Hi {{name}}")).toBeVisible();

    // A test of the saved version, with the preview's values, to the account's own address.
    await page.getByLabel("name", { exact: true }).fill("Ada");
    await page.getByRole("button", { name: "Send a test to me" }).click();
    await expect(page.getByRole("status").filter({ hasText: `A test is on its way to ${account.email}` })).toBeVisible();
    await expect.poll(() => emailsTo(account.email).some((email) => email.subject === "Hi Ada"), { timeout: 15_000 }).toBe(true);

    await versions.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("dialog", { name: "Restore version 1?" }).getByRole("button", { name: "Restore" }).click();
    await expect(editor.getByRole("status").filter({ hasText: "Restored as version 3." })).toBeVisible();
    await expect(editor.getByLabel("Subject")).toHaveValue("Welcome, {{name}}");
    await expect(versions.getByRole("listitem")).toHaveCount(3);
    await expectNoSidewaysScroll(page);

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("dialog", { name: "Delete Welcome?" }).getByRole("button", { name: "Delete template" }).click();
    await expect(page).toHaveURL("/templates");
    await expect(page.getByRole("list", { name: "Templates" }).getByRole("listitem")).toHaveCount(2);
  });
}
