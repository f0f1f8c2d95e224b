// Teams in the browser: an owner invites from the Team page with the form's
// defaults; the invitee follows the emailed link signed out, signs up, proves
// their address and accepts; they act in the account with the role's limits,
// a new role works at once, and removal signs them out of the account. Then
// accepting while signed in, and switching from the account menu, on a phone.
import type { BrowserContext, Page } from "@playwright/test";
import { accountMenuButton, newAccount, signUpInBrowser, signUpThroughPortal, type TestAccount } from "./support/accounts";
import { waitForEmail, emailsTo } from "./support/mailbox";
import { expectNoSidewaysScroll } from "./support/screens";
import { expect, test } from "./support/test";

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? "";

/** The invitation link of the latest invitation to `address`, as the email shows it. */
async function invitationLink(address: string): Promise<string> {
  await expect.poll(() => emailsTo(address).filter((email) => email.template === "team-invitation").length).toBeGreaterThan(0);
  const email = emailsTo(address)
    .filter((message) => message.template === "team-invitation")
    .at(-1)!;
  const link = /(https?:\/\/\S+\/invitations\/accept#token=[\w%-]+)/.exec(email.text)?.[1];
  expect(link, email.text).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).hash;
}

async function inviteFromTeamPage(page: Page, email: string, role?: string) {
  await page.goto("/team");
  const form = page.getByRole("region", { name: "Invite someone" });
  await form.getByLabel("Email").fill(email);
  // Left at its default unless a role is given: the least privileged one.
  if (role) await form.getByLabel("Role").selectOption({ label: role });
  else await expect(form.getByLabel("Role")).toHaveValue("viewer");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(email);
}

/** Proves the signed-in person's address from the acceptance page's own step. */
async function confirmOnAcceptPage(page: Page, account: TestAccount) {
  await page.getByRole("button", { name: "Email me a code" }).click();
  const sent = await waitForEmail(account.email, { count: emailsTo(account.email).length + 1 });
  await page.getByLabel("Code from the email").fill(codeIn(sent.text));
  await page.getByRole("button", { name: "Confirm and accept" }).click();
}

const roleSelectOf = (page: Page, email: string) => page.getByLabel(`Role of ${email}`);

test("invite with the defaults, accept signed out through sign-up, act with the role, change it, remove", async ({ browser, page }) => {
  test.setTimeout(90_000);
  const owner = newAccount("team-owner");
  const invitee = newAccount("team-invitee");
  await signUpInBrowser(page, owner);
  await inviteFromTeamPage(page, invitee.email);

  const inviteeContext: BrowserContext = await browser.newContext();
  const member = await inviteeContext.newPage();
  await member.goto(await invitationLink(invitee.email));
  await expect(member.getByRole("heading", { name: "You are invited" })).toBeVisible();
  await member.getByRole("link", { name: "Create an account" }).click();
  await member.getByLabel("Email").fill(invitee.email);
  await member.getByLabel("Password", { exact: true }).fill(invitee.password);
  await member.getByRole("button", { name: "Create account" }).click();
  await expect(member.getByRole("heading", { name: "Accept the invitation" })).toBeVisible();
  await member.getByRole("button", { name: "Accept invitation" }).click();
  await confirmOnAcceptPage(member, invitee);
  await expect(member.getByRole("heading", { name: "You joined the account" })).toBeVisible();
  await member.getByRole("button", { name: "Go to the account" }).click();
  await expect(member).toHaveURL("/dashboard");

  // Acting in the owner's account as a viewer: reads, and is not offered writes.
  await accountMenuButton(member, owner.email).click();
  await expect(member.getByTestId("acting-in")).toHaveText(`Acting in ${owner.email} as viewer`);
  await member.keyboard.press("Escape");
  await member.goto("/api-keys");
  await expect(member.getByTestId("role-refusal")).toContainText("(viewer) does not allow this");
  await expect(member.getByRole("region", { name: "Create a key" }).getByLabel("Name")).toHaveCount(0);

  // The owner makes them a developer; their very next page offers the form.
  await page.goto("/team");
  await roleSelectOf(page, invitee.email).selectOption({ label: "Developer" });
  await expect(roleSelectOf(page, invitee.email)).toHaveValue("developer");
  await member.reload();
  await expect(member.getByRole("region", { name: "Create a key" }).getByLabel("Name", { exact: true })).toBeVisible();

  // The owner's activity log names who did what.
  await page.goto("/activity");
  await expect(
    page
      .getByTestId("activity-actor")
      .filter({ hasText: `by ${invitee.email}` })
      .first(),
  ).toBeVisible();
  await page.goto("/team");

  // Removed, they are signed out of the account on their next request.
  await page.getByRole("button", { name: `Remove ${invitee.email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByText(`Removed ${invitee.email}.`)).toBeVisible();
  await member.goto("/api-keys");
  await expect(member).toHaveURL(/\/sign-in/);
  await inviteeContext.close();
});

test("accept while signed in, then switch accounts from the account menu, on a 390 px phone", async ({ browser, page }) => {
  test.setTimeout(90_000);
  const owner = newAccount("team-owner");
  const person = newAccount("team-person");
  await signUpInBrowser(page, owner);
  await inviteFromTeamPage(page, person.email, "Billing");

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  const phone = await context.newPage();
  await signUpThroughPortal(context.request, person);
  await phone.goto(await invitationLink(person.email));
  await phone.getByRole("button", { name: "Accept invitation" }).click();
  await confirmOnAcceptPage(phone, person);
  await phone.getByRole("link", { name: "Stay in your own account" }).click();
  await expect(phone).toHaveURL("/dashboard");

  await accountMenuButton(phone, person.email).click();
  const accounts = phone.getByRole("list", { name: "Accounts you can act in" });
  await expect(accounts.getByRole("button")).toHaveCount(2);
  await accounts.getByRole("button", { name: new RegExp(owner.email) }).click();
  await expect(phone).toHaveURL("/dashboard");
  await accountMenuButton(phone, owner.email).click();
  await expect(phone.getByTestId("acting-in")).toHaveText(`Acting in ${owner.email} as billing`);
  await phone.keyboard.press("Escape");

  await phone.goto("/team");
  await expect(phone.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveCount(2);
  await expect(phone.getByTestId("team-read-only")).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await context.close();
});
