// Consent from both sides. The reader: a topic's message arrives with its own
// List-Unsubscribe link, whose preference page works without JavaScript, on
// a wide screen and a 390 px phone, in light and dark, passes axe, and saves
// with its defaults. The sender: the Topics page creates a topic (its form
// submitted with its defaults first) and looks up where an address stands.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { newAccount, signInThroughApi, signUpInBrowser, signUpThroughPortal, type TestAccount } from "./support/accounts";
import { waitForEmail } from "./support/mailbox";
import { arrangeSentMessage } from "./support/sending-data";
import { expectNoSidewaysScroll, wideAndPhone } from "./support/screens";
import { expect, test } from "./support/test";

type Envelope<T> = { data: T };

/** Two topics, a message of the first to a new reader, and the path of that reader's preference page (from the copy's List-Unsubscribe). */
async function arrangeTopicMail(request: APIRequestContext, account: TestAccount) {
  const authorization = `Bearer ${await signInThroughApi(request, account)}`;
  const topic = async (name: string, description: string) => {
    const created = await request.post("/api/v1/sending/topics", {
      headers: { authorization },
      data: { name, description, defaultSubscription: "opt_out" },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as Envelope<{ id: string }>).data.id;
  };
  const digest = await topic("Weekly digest", "The week's best reads, every Friday");
  const offers = await topic("Offers", "Discounts for subscribers, a few times a year");
  const reader = `reader-${Date.now().toString(36)}@customers.example.com`;
  const { domain } = await arrangeSentMessage(request, account);
  const sent = await request.post("/api/v1/sending/messages", {
    headers: { authorization },
    data: { from: `Acme <news@${domain}>`, to: [reader], subject: "This week at Acme", text: "Reads.", topicId: digest },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const email = await waitForEmail(reader);
  const raw = readFileSync(path.join(process.env.E2E_DATA_DIR!, "mail", `${email.id}.eml`), "latin1");
  const link = /^List-Unsubscribe: <(https?:[^>]+)>/im.exec(raw)?.[1];
  expect(link, "the copy's List-Unsubscribe link").toBeTruthy();
  const subscriptions = async () => {
    const answer = await request.get(`/api/v1/sending/subscriptions?email=${encodeURIComponent(reader)}`, { headers: { authorization } });
    return ((await answer.json()) as Envelope<{ topicId: string; status: string; source: string }[]>).data;
  };
  return { page: new URL(link!).pathname, digest, offers, reader, subscriptions };
}

test.describe("the preference page, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const [screen, viewport] of wideAndPhone) {
    test(`unsubscribes from the message's topic, then saves the form as it stands, on a ${screen}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const account = newAccount("consent");
      await signUpThroughPortal(page.request, account);
      const arranged = await arrangeTopicMail(page.request, account);

      await page.goto(arranged.page);
      await expect(page.getByRole("heading", { level: 1, name: "Email preferences for Acme" })).toBeVisible();
      await expect(page.getByText(arranged.reader)).toBeVisible();
      await expect(page.getByRole("checkbox", { name: /Weekly digest/ })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: /Offers/ })).toBeChecked();
      await expectNoSidewaysScroll(page);
      // Opening the page changed nothing.
      expect(await arranged.subscriptions()).toEqual([]);

      await page.getByRole("button", { name: "Unsubscribe from Weekly digest" }).click();
      await expect(page).toHaveURL(/\?done=unsubscribed$/);
      await expect(page.getByRole("status")).toHaveText("You are unsubscribed.");
      await expect(page.getByRole("checkbox", { name: /Weekly digest/ })).not.toBeChecked();
      expect(await arranged.subscriptions()).toEqual([
        expect.objectContaining({ topicId: arranged.digest, status: "unsubscribed", source: "preference_page" }),
      ]);

      // The form with its defaults (as it now stands) saves without changing anything.
      await page.getByRole("button", { name: "Save preferences" }).click();
      await expect(page.getByRole("status")).toHaveText("Your preferences are saved.");
      expect(await arranged.subscriptions()).toHaveLength(1);

      await page.getByRole("button", { name: "Unsubscribe from all" }).click();
      await expect(page.getByRole("status")).toHaveText("You are unsubscribed from every topic.");
      await expect(page.getByRole("checkbox", { name: /Offers/ })).not.toBeChecked();
      expect((await arranged.subscriptions()).map((choice) => choice.status)).toEqual(["unsubscribed", "unsubscribed"]);
    });
  }
});

test("the preference page passes axe in light and dark, and a bad link is a page of its own", async ({ page }) => {
  const account = newAccount("consent-a11y");
  await signUpThroughPortal(page.request, account);
  const arranged = await arrangeTopicMail(page.request, account);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(arranged.page);
    await expect(page.getByRole("button", { name: "Save preferences" })).toBeVisible();
    expect(await seriousViolations(page), `${colorScheme} scheme`).toEqual([]);
  }
  const bad = await page.goto(arranged.page.replace(/.$/, (last) => (last === "0" ? "1" : "0")));
  expect(bad?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const [screen, viewport] of wideAndPhone) {
  test(`the Topics page creates a topic and looks up an address, on a ${screen}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const account = newAccount("topics");
    await signUpInBrowser(page, account);
    await page.goto("/topics");
    await expect(page.getByRole("heading", { level: 1, name: "Topics" })).toBeVisible();
    await expect(page.getByText("No topics yet.")).toBeVisible();

    const form = page.getByRole("form", { name: "Create a topic" });
    // Its defaults: no name yet, opt-in.
    await expect(form.getByLabel("Who gets it")).toHaveValue("opt_in");
    await form.getByRole("button", { name: "Create topic" }).click();
    await expect(form.getByText("Give the topic a name")).toBeVisible();

    await form.getByLabel("Name").fill("Product news");
    await form.getByLabel("Description (optional)").fill("What we ship, monthly");
    await form.getByRole("button", { name: "Create topic" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product news is ready" })).toBeVisible();
    const topics = page.getByRole("list", { name: "Topics" });
    await expect(topics.getByText("Product news")).toBeVisible();
    await expect(topics.getByText("Opt-in")).toBeVisible();
    await expectNoSidewaysScroll(page);

    const reader = "someone@example.com";
    await page.getByRole("search", { name: "Look up an address" }).getByLabel("Email address").fill(reader);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page).toHaveURL(/\/topics\?email=someone%40example\.com$/);
    const standing = page.getByRole("list", { name: `Subscriptions of ${reader}` });
    await expect(standing.getByText("Not subscribed")).toBeVisible();
    await expect(standing.getByText("No choice recorded: the topic's default")).toBeVisible();
    await standing.getByRole("button", { name: `Subscribe ${reader} to Product news` }).click();
    await expect(standing.getByText("Subscribed", { exact: true })).toBeVisible();
    await expect(standing.getByText(/^set through the API,/)).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}
