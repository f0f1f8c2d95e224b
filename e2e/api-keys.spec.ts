// The API key form (issue #24): every choice of every field, and the defaults
// alone, create the key they say, as the API reports it afterwards; submitted
// untouched, on a phone and a wide screen, it creates a key (its default name
// is "API key" and today's date).
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { newAccount, signUpInBrowser } from "./support/accounts";
import { wideAndPhone } from "./support/screens";
import { addDomainInPortal, publishAndVerifyInPortal } from "./support/sending-domains";
import { expect, test } from "./support/test";

type KeyAsListed = { name: string; scope: string; domainId: string | null; expiresAt: string | null };

async function createKey(page: Page, name: string, choices: { access?: string; domain?: string; expires?: string } = {}) {
  const form = page.getByRole("region", { name: "Create a key" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  if (choices.access) await form.getByLabel("Access", { exact: true }).selectOption({ label: choices.access });
  if (choices.domain) await form.getByLabel("Domain", { exact: true }).selectOption({ label: choices.domain });
  if (choices.expires) await form.getByLabel("Expires", { exact: true }).selectOption({ label: choices.expires });
  await form.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Copy your new key" });
  await expect(dialog.getByTestId("api-key-secret")).toHaveText(/^ces_/);
  // A key for one domain cannot use the test sender, so its dialog has no test-email example.
  if (choices.domain?.startsWith("Only ")) await expect(dialog).toContainText("This key sends only from its domain.");
  else await expect(dialog.getByTestId("first-email-snippet")).toContainText("curl -X POST");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("list", { name: "API keys" }).getByRole("listitem").filter({ hasText: name })).toBeVisible();
  // The form is back to its defaults for the next key.
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(defaultName());
  await expect(form.getByLabel("Access", { exact: true })).toHaveValue("sending");
  await expect(form.getByLabel("Domain", { exact: true })).toHaveValue("");
  await expect(form.getByLabel("Expires", { exact: true })).toHaveValue("0");
}

async function keysListed(page: Page): Promise<KeyAsListed[]> {
  const response = await page.request.get("/api/portal/sending/api-keys");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: KeyAsListed[] }).data;
}

/** The form's default name: "API key" and today's date where the browser is (this machine). */
function defaultName(at = new Date()) {
  return `API key ${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;
}

const days = (iso: string | null) => (iso ? Math.round((Date.parse(iso) - Date.now()) / 86_400_000) : null);

test("the key form creates a key with its defaults and with each of its options", async ({ page }) => {
  test.setTimeout(60_000);
  const domain = `keys-${randomBytes(4).toString("hex")}.example.org`;
  await signUpInBrowser(page, newAccount("keys"));

  // Defaults before any domain exists: sending access, any verified domain, never expires.
  await page.goto("/api-keys");
  await createKey(page, "Defaults only");

  await page.goto("/domains");
  await addDomainInPortal(page, domain);
  await publishAndVerifyInPortal(page, domain);
  const domainId = (
    (await (await page.request.get("/api/portal/sending/domains")).json()) as { data: { domain_id: string; name: string }[] }
  ).data.find((listed) => listed.name === domain)!.domain_id;

  await page.goto("/api-keys");
  // Defaults again, now that the Domain list has a verified domain in it.
  await createKey(page, "Defaults with a domain");
  await createKey(page, "Full, one domain, 30 days", {
    access: "Full access: every sending operation",
    domain: `Only ${domain}`,
    expires: "In 30 days",
  });
  await createKey(page, "Sending, any domain, 90 days", {
    access: "Sending: send and read messages",
    domain: "Any verified domain",
    expires: "In 90 days",
  });
  await createKey(page, "A year", { expires: "In 1 year" });
  await createKey(page, "Never expires", { expires: "Never" });

  const byName = new Map((await keysListed(page)).map((key) => [key.name, key]));
  expect(byName.get("Defaults only")).toMatchObject({ scope: "sending", domainId: null, expiresAt: null });
  expect(byName.get("Defaults with a domain")).toMatchObject({ scope: "sending", domainId: null, expiresAt: null });
  expect(byName.get("Full, one domain, 30 days")).toMatchObject({ scope: "full", domainId });
  expect(days(byName.get("Full, one domain, 30 days")!.expiresAt)).toBe(30);
  expect(byName.get("Sending, any domain, 90 days")).toMatchObject({ scope: "sending", domainId: null });
  expect(days(byName.get("Sending, any domain, 90 days")!.expiresAt)).toBe(90);
  expect(days(byName.get("A year")!.expiresAt)).toBe(365);
  expect(byName.get("Never expires")).toMatchObject({ expiresAt: null });

  // The list says what each key may do.
  const row = (name: string) => page.getByRole("list", { name: "API keys" }).getByRole("listitem").filter({ hasText: name });
  await expect(row("Full, one domain, 30 days")).toContainText("Full access");
  await expect(row("Full, one domain, 30 days")).toContainText("expires");
  await expect(row("Defaults only")).not.toContainText("expires");
});

for (const [screen, viewport] of wideAndPhone) {
  test(`on a ${screen}, the key form submitted untouched creates a sending key named after today`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpInBrowser(page, newAccount("keys-untouched"));
    await page.goto("/api-keys");
    const form = page.getByRole("region", { name: "Create a key" });
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(defaultName());
    await form.getByRole("button", { name: "Create key" }).click();
    const dialog = page.getByRole("dialog", { name: "Copy your new key" });
    await expect(dialog.getByTestId("api-key-secret")).toHaveText(/^ces_/);
    await expect(form.getByText("Name is required")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("list", { name: "API keys" }).getByRole("listitem").filter({ hasText: defaultName() })).toBeVisible();
    expect(await keysListed(page)).toMatchObject([{ name: defaultName(), scope: "sending", domainId: null, expiresAt: null }]);
  });
}
