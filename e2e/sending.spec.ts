// The sending journey (issue #13): a verified domain, an API key created in the
// portal (its secret shown once), a message sent with it through the public API,
// its status and events followed in the portal, and the key revoked.
// No relay: the service's own transport (the file transport in the test server) delivers.
import { randomBytes } from "node:crypto";
import { newAccount, signUpInBrowser } from "./support/accounts";
import { addDomainInPortal, publishAndVerifyInPortal } from "./support/sending-domains";
import { expect, test } from "./support/test";

test("create an API key, send with it, follow the message, revoke the key", async ({ page, request, context }) => {
  // Sign-up, DNS verification, a delivery by the job queue and the page's polling.
  test.setTimeout(60_000);
  const domain = `send-${randomBytes(4).toString("hex")}.example.org`;
  await signUpInBrowser(page, newAccount("sending"));
  const nav = page.getByRole("navigation", { name: "Primary" });

  await nav.getByRole("link", { name: "Domains" }).click();
  await expect(page).toHaveURL("/domains");
  await addDomainInPortal(page, domain);
  await publishAndVerifyInPortal(page, domain);

  // An API key restricted to the verified domain; the secret is shown once.
  await nav.getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL("/api-keys");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API keys");
  await expect(page.getByText("No keys yet.")).toBeVisible();
  const form = page.getByRole("region", { name: "Create a key" });
  await form.getByLabel("Name", { exact: true }).fill("Checkout service");
  await form.getByLabel("Access", { exact: true }).selectOption("sending");
  await form.getByLabel("Domain", { exact: true }).selectOption({ label: `Only ${domain}` });
  await form.getByRole("button", { name: "Create key" }).click();

  const dialog = page.getByRole("dialog", { name: "Copy your new key" });
  await expect(dialog).toContainText("This is the only time the secret is shown.");
  const secret = (await dialog.getByTestId("api-key-secret").innerText()).trim();
  expect(secret).toMatch(/^ces_[A-Za-z0-9_-]{40}$/);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await dialog.getByRole("button", { name: "Copy key" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // Afterwards only the prefix is on the page.
  const keys = page.getByRole("list", { name: "API keys" });
  const keyRow = keys.getByRole("listitem").filter({ hasText: "Checkout service" });
  await expect(keyRow).toContainText("Sending");
  await expect(keyRow).toContainText(`${secret.slice(0, 12)}…`);
  await expect(keyRow).toContainText("never used");
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  // Nothing sent yet.
  await nav.getByRole("link", { name: "Messages" }).click();
  await expect(page).toHaveURL("/messages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Messages");
  await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();

  // Send with the key through the public API, as the customer's code would.
  const subject = `Your receipt ${randomBytes(3).toString("hex")}`;
  const sent = await request.post("/api/v1/sending/messages", {
    headers: { authorization: `Bearer ${secret}` },
    data: { from: `Shop <receipts@${domain}>`, to: "ada@example.com", subject, text: "Thank you for your order." },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const messageId = ((await sent.json()) as { data: { id: string } }).data.id;

  // Pages seen before the send show what changed since (the key's use, the new message).
  await nav.getByRole("link", { name: "API keys" }).click();
  await expect(keyRow).toContainText("last used just now");

  // The list polls while the message is queued, until the job queue has sent it.
  await nav.getByRole("link", { name: "Messages" }).click();
  await expect(page).toHaveURL("/messages");
  const row = page
    .getByRole("table", { name: /Sent messages/ })
    .getByRole("row")
    .filter({ hasText: subject });
  await expect(row).toContainText("ada@example.com");
  await expect(row.getByText("Sent", { exact: true })).toBeVisible({ timeout: 30_000 });

  // Its page: who it went to, how, and its events in order.
  await row.getByRole("link", { name: subject }).click();
  await expect(page).toHaveURL(`/messages/${messageId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
  const details = page.getByRole("main");
  await expect(details).toContainText(`Shop <receipts@${domain}>`);
  // The e2e server hands mail to the dev mailbox, and the page says so.
  await expect(details).toContainText("The local dev mailbox (nothing left this machine)");
  await expect(details.getByText("the API", { exact: true })).toBeVisible();
  await expect(details).toContainText(messageId);
  const events = page.getByRole("list", { name: "Message events" }).getByRole("listitem");
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText("Queued");
  await expect(events.nth(1)).toContainText("Sent");

  // Revoking the key asks first and stops it at once.
  await nav.getByRole("link", { name: "API keys" }).click();
  await keyRow.getByRole("button", { name: "Revoke Checkout service" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke “Checkout service”?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Revoked “Checkout service”." })).toBeVisible();
  await expect(page.getByText("No keys yet.")).toBeVisible();

  const refused = await request.get("/api/v1/sending/messages", { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  const refusedSend = await request.post("/api/v1/sending/messages", {
    headers: { authorization: `Bearer ${secret}` },
    data: { from: `receipts@${domain}`, to: "ada@example.com", subject: "After revoking", text: "Should not be sent." },
  });
  expect(refusedSend.status()).toBe(401);
});
