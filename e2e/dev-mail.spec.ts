// The dev mailbox (docs/email-and-two-factor.md): the file transport's emails, listed newest
// first, one shown with its HTML part sandboxed and its plain-text part.
import { expect, test } from "./support/test";
import { newAccount, signUpThroughPortal } from "./support/accounts";
import { codeIn, magicLinkIn, waitForEmail } from "./support/mailbox";

test.describe("dev mailbox", () => {
  test("lists the emails newest first and shows one: sandboxed HTML, plain text, .eml download", async ({ page, request }) => {
    const account = newAccount("devmail");
    await signUpThroughPortal(request, account);
    expect((await request.post("/api/v1/auth/password/forgot", { data: { email: account.email } })).status()).toBe(200);
    const reset = await waitForEmail(account.email);
    expect((await request.post("/api/v1/auth/magic-link/send", { data: { email: account.email } })).status()).toBe(200);
    const link = await waitForEmail(account.email, { count: 2 });

    await page.goto("/dev/mail");
    await expect(page).toHaveTitle("Dev mailbox · Customer Email Service");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dev mailbox");
    const mine = page.getByRole("navigation", { name: "Emails" }).getByRole("link").filter({ hasText: account.email });
    await expect(mine).toHaveCount(2);
    await expect(mine.nth(0)).toContainText("Your sign-in link");
    await expect(mine.nth(0)).toContainText("magic-link");
    await expect(mine.nth(1)).toContainText("Reset your password");
    await expect(mine.nth(1)).toContainText("password-reset");

    await mine.nth(1).click();
    await expect(page).toHaveURL(`/dev/mail?id=${reset.id}`);
    await expect(mine.nth(1)).toHaveAttribute("aria-current", "true");
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 2 })).toHaveText("Reset your password");
    await expect(article).toContainText(account.email);

    const iframe = article.locator("iframe");
    await expect(iframe).toHaveAttribute("sandbox", "");
    await expect(iframe).toHaveAttribute("title", "HTML part of “Reset your password”");
    await expect(
      page.frameLocator('iframe[title="HTML part of “Reset your password”"]').getByText(codeIn(reset), { exact: true }),
    ).toBeVisible();
    // An opaque origin (no allow-same-origin): nothing in the email can reach this page.
    const access = await iframe.evaluate((frame: HTMLIFrameElement) => {
      try {
        return frame.contentWindow?.document.body ? "readable" : "empty";
      } catch {
        return "blocked";
      }
    });
    expect(access).toBe("blocked");
    await expect(article.getByRole("region", { name: "Plain-text part" })).toContainText(`Reset code: ${codeIn(reset)}`);

    const download = article.getByRole("link", { name: "Download .eml" });
    await expect(download).toHaveAttribute("href", `/dev/mail/${reset.id}.eml`);
    const eml = await request.get(`/dev/mail/${reset.id}.eml`);
    expect(eml.status()).toBe(200);
    expect(eml.headers()["content-type"]).toBe("message/rfc822");
    expect(eml.headers()["content-disposition"]).toBe(`attachment; filename="${reset.id}.eml"`);
    const source = await eml.text();
    expect(source).toMatch(/^Subject: Reset your password/m);
    expect(source).toContain(codeIn(reset));

    // The sign-in link in the plain-text part is clickable (handy in development).
    await mine.nth(0).click();
    await expect(page).toHaveURL(`/dev/mail?id=${link.id}`);
    await expect(article.getByRole("region", { name: "Plain-text part" }).getByRole("link")).toHaveAttribute("href", magicLinkIn(link));
  });

  test("an unknown email id says so; an unknown or malformed .eml is 404", async ({ page, request }) => {
    await page.goto("/dev/mail?id=2000-01-01T00-00-00-000Z-00000000");
    // The page still lists whatever there is (other tests' emails), or says it is empty.
    const notFound = page.getByRole("main").getByRole("alert").filter({ hasText: "Email not found" });
    const empty = page.getByText("No emails yet");
    await expect(notFound.or(empty)).toBeVisible();
    for (const path of ["/dev/mail/2000-01-01T00-00-00-000Z-00000000.eml", "/dev/mail/..%2Fsecrets.json", "/dev/mail/secrets.json"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});
