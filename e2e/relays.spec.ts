// The relays page against real SMTP servers on loopback (smtp-server with
// AUTH, STARTTLS and implicit TLS; the certificate is the one
// playwright.config.ts made and told the app to trust).
import path from "node:path";
import type { Page } from "@playwright/test";
import { type RelayLab, startRelayLab } from "../tests/support/relay-smtp-servers";
import { selfSignedCertificate } from "../tests/support/self-signed-certificate";
import { newAccount, signUpInBrowser } from "./support/accounts";
import { expect, test } from "./support/test";

let lab: RelayLab;

test.beforeAll(async () => {
  const directory = process.env.E2E_RELAY_TLS_DIR!;
  lab = await startRelayLab(selfSignedCertificate(directory), selfSignedCertificate(path.join(directory, "untrusted")));
});

test.afterAll(async () => {
  await lab?.stop();
});

const relayRow = (page: Page, name: string) =>
  page.getByRole("list", { name: "SMTP relays" }).getByRole("listitem").filter({ hasText: name });

async function addRelay(page: Page, relay: { name: string; encryption: "starttls" | "ssl_tls" | "none"; port: number; password: string }) {
  await page.getByRole("button", { name: "Add relay" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an SMTP relay" });
  await dialog.getByLabel("Name", { exact: true }).fill(relay.name);
  await dialog.getByLabel("Host", { exact: true }).fill("127.0.0.1");
  await dialog.getByLabel("Encryption", { exact: true }).selectOption(relay.encryption);
  await dialog.getByLabel("Port", { exact: true }).fill(String(relay.port));
  await dialog.getByLabel("Username (optional)", { exact: true }).fill(lab.username);
  await dialog.getByLabel("Password (optional)", { exact: true }).fill(relay.password);
  await dialog.getByRole("button", { name: "Add relay" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole("main")
      .getByRole("status")
      .filter({ hasText: `Added “${relay.name}”` }),
  ).toBeVisible();
}

test("add relays, test them, make one the default, fix a password and delete", async ({ page }) => {
  // One journey with four real SMTP handshakes and a reload: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await signUpInBrowser(page, newAccount("relays"));
  await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Relays" }).click();
  await expect(page).toHaveURL("/relays");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("SMTP relays");
  await expect(page.getByText("No relays yet")).toBeVisible();

  // The API's schema checks the form before anything is sent.
  await page.getByRole("button", { name: "Add relay" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an SMTP relay" });
  await dialog.getByLabel("Name", { exact: true }).fill("Broken");
  await dialog.getByLabel("Host", { exact: true }).fill("smtp://mail.example.com");
  await dialog.getByRole("button", { name: "Add relay" }).click();
  await expect(dialog.getByText(/Enter a host name or IP address/)).toBeVisible();
  await expect(dialog.getByLabel("Host", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // The first relay becomes the default; a wrong password fails its test.
  await addRelay(page, { name: "Office relay", encryption: "starttls", port: lab.ports.starttls, password: "not-the-password" });
  const office = relayRow(page, "Office relay");
  await expect(office).toContainText("Default");
  await expect(office).toContainText("STARTTLS");
  await expect(office).toContainText("Not tested yet");
  await office.getByRole("button", { name: /^Test connection/ }).click();
  await expect(office).toContainText("Test failed: Authentication rejected");
  await expect(page.getByRole("main").getByRole("alert").filter({ hasText: "Connection test failed for “Office relay”" })).toBeVisible();
  // It is the default, so the page says so at the top, and so does the dashboard; its checklist step stays open.
  const failingDefault = page
    .getByRole("main")
    .getByRole("status")
    .filter({ hasText: "Your default relay “Office relay” failed its last test" });
  await expect(failingDefault).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByTestId("warning-SMTP relays")).toHaveText("The default relay failed its last test");
  await expect(
    page.getByRole("list", { name: "Onboarding steps" }).getByRole("listitem").filter({ hasText: "Add an SMTP relay" }),
  ).not.toContainText("(done)");
  await page.goto("/relays");
  await expect(failingDefault).toBeVisible(); // the list is loaded again before the next relay is added

  // A second relay on implicit TLS passes and becomes the default.
  await addRelay(page, { name: "Lab relay", encryption: "ssl_tls", port: lab.ports.implicitTls, password: lab.password });
  const labRelay = relayRow(page, "Lab relay");
  await expect(labRelay).toContainText("SSL/TLS");
  await expect(labRelay).not.toContainText("Default");
  await labRelay.getByRole("button", { name: /^Test connection/ }).click();
  await expect(labRelay).toContainText("Test passed");
  await expect(labRelay).toContainText("implicit TLS");
  await labRelay.getByRole("button", { name: /^Make default/ }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "“Lab relay” is now the default relay." })).toBeVisible();
  await expect(labRelay).toContainText("Default");
  await expect(office).not.toContainText("Default");
  await expect(office.getByRole("button", { name: /^Make default/ })).toBeVisible();
  await expect(failingDefault).toHaveCount(0);

  // Editing: a new password fixes the first relay; the username stays.
  await office.getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit “Office relay”" });
  await expect(edit.getByLabel("Username (optional)", { exact: true })).toHaveValue(lab.username);
  await expect(edit.getByLabel("Password (optional)", { exact: true })).toHaveValue("");
  await edit.getByLabel("Password (optional)", { exact: true }).fill(lab.password);
  await edit.getByRole("button", { name: "Save relay" }).click();
  await expect(edit).toBeHidden();
  await expect(office).toContainText("Not tested yet");
  await office.getByRole("button", { name: /^Test connection/ }).click();
  await expect(office).toContainText("Test passed");

  // Survives a reload: everything came from the API.
  await page.reload();
  await expect(relayRow(page, "Lab relay")).toContainText("Default");
  await expect(relayRow(page, "Office relay")).toContainText("Test passed");

  // Deleting asks first.
  await relayRow(page, "Office relay")
    .getByRole("button", { name: /^Delete/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete “Office relay”?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete relay" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("list", { name: "SMTP relays" }).getByRole("listitem")).toHaveCount(1);
  await expect(relayRow(page, "Lab relay")).toContainText("Default");
});
