// A bounce seen from the portal: a relay on loopback refuses one recipient
// with 550, the message shows its bounce (list and detail), the address
// appears under Suppressions, where it can be found, removed (with a
// confirmation) and addresses added by hand; the dashboard shows the bounce
// rate. On a wide screen and on a 390 px phone.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { publishRecords } from "../tests/support/dns-server";
import { newAccount, signInThroughApi, signUpThroughPortal } from "./support/accounts";
import { testDns } from "./support/sending-domains";
import { expect, test } from "./support/test";

let relay: SMTPServer;
let relayPort = 0;

test.beforeAll(async () => {
  relay = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    onRcptTo: (address, _session, done) =>
      address.address.startsWith("reject") ? done(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 })) : done(),
    async onData(stream, _session, done) {
      for await (const _chunk of stream);
      done();
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", () => resolve()));
  relayPort = (relay.server.address() as { port: number }).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => relay.close(() => resolve()));
});

type Envelope<T> = { data: T };

/** A verified domain, the loopback relay as the default, and a key; answers a send function. */
async function arrangeSending(request: APIRequestContext, token: string) {
  const authorization = `Bearer ${token}`;
  const domain = `bounce-${randomBytes(4).toString("hex")}.example.org`;
  const created = await request.post("/api/v1/sending/domains", { headers: { authorization }, data: { name: domain } });
  expect(created.status(), await created.text()).toBe(201);
  const { domain_id, records } = ((await created.json()) as Envelope<{ domain_id: string; records: never[] }>).data;
  await publishRecords(testDns(), records);
  expect((await request.post(`/api/v1/sending/domains/${domain_id}/verify`, { headers: { authorization } })).status()).toBe(200);
  const relayCreated = await request.post("/api/v1/smtp-relays", {
    headers: { authorization },
    data: { name: "Loopback MTA", smtp_host: "127.0.0.1", smtp_port: relayPort, encryption: "none" },
  });
  expect(relayCreated.status(), await relayCreated.text()).toBe(200);
  const key = await request.post("/api/v1/sending/api-keys", { headers: { authorization }, data: { name: "Bounces" } });
  const { secret } = ((await key.json()) as Envelope<{ secret: string }>).data;
  return async (to: string, subject: string) => {
    const sent = await request.post("/api/v1/sending/messages", {
      headers: { authorization: `Bearer ${secret}` },
      data: { from: `news@${domain}`, to, subject, text: "Hello" },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    return ((await sent.json()) as Envelope<{ id: string }>).data.id;
  };
}

async function bounceJourney(page: Page, { phone }: { phone: boolean }) {
  test.setTimeout(90_000);
  const account = newAccount("bounces");
  await signUpThroughPortal(page.context().request, account);
  const send = await arrangeSending(page.request, await signInThroughApi(page.request, account));
  const refused = `reject-${randomBytes(4).toString("hex")}@example.org`;
  const subject = `Welcome ${randomBytes(3).toString("hex")}`;
  const messageId = await send(refused, subject);

  // The list and the message's page show the bounce and the server's answer.
  await page.goto("/messages");
  const row = page
    .getByRole("table", { name: /Sent messages/ })
    .getByRole("row")
    .filter({ hasText: subject });
  await expect(row.getByText("Bounced", { exact: true })).toBeVisible({ timeout: 30_000 });
  await row.getByRole("link", { name: subject }).click();
  await expect(page).toHaveURL(`/messages/${messageId}`);
  const bounced = page.getByRole("list", { name: "Message events" }).getByRole("listitem").filter({ hasText: "Bounced" });
  await expect(bounced).toContainText("Permanent");
  await expect(bounced).toContainText(refused);
  await expect(bounced).toContainText("550");

  // Suppressions: the address is there, with its reason and its message.
  // On a phone the navigation is behind the menu button: go straight there.
  if (phone) await page.goto("/suppressions");
  else await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Suppressions" }).click();
  await expect(page).toHaveURL("/suppressions");
  const list = page.getByRole("list", { name: "Suppressed addresses" });
  const entry = list.getByRole("listitem").filter({ hasText: refused });
  await expect(entry).toContainText("Bounced");
  await expect(entry.getByRole("link", { name: "the message" })).toHaveAttribute("href", `/messages/${messageId}`);

  // The add form checks its default (empty) value before sending anything, then adds an address.
  const form = page.getByRole("form", { name: "Add an address" });
  await form.getByRole("button", { name: "Add address" }).click();
  await expect(form.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  const manual = `Manual.${randomBytes(3).toString("hex")}@Example.com`;
  await form.getByLabel("Email address").fill(manual);
  await form.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText(`${manual.toLowerCase()} is on the suppression list.`)).toBeVisible();
  await expect(list.getByRole("listitem").filter({ hasText: manual.toLowerCase() })).toContainText("Added by hand");

  // Search narrows the list (and lives in the URL); the default (empty) search shows everything.
  const search = page.getByRole("search", { name: "Search suppressed addresses" });
  await search.getByLabel("Search").fill("reject-");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/suppressions?email=reject-");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await search.getByLabel("Search").fill("");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/suppressions");
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // Removing asks first; cancelling keeps it.
  await entry.getByRole("button", { name: `Remove ${refused}` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${refused}?` });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(entry).toBeVisible();
  await entry.getByRole("button", { name: `Remove ${refused}` }).click();
  await dialog.getByRole("button", { name: "Remove address" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${refused} was removed: it receives mail again.`)).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);

  // The dashboard's bounce rate for the period.
  await page.goto("/dashboard");
  await expect(page.getByTestId("figure-Bounce rate")).toHaveText("100%");
  await expect(page.getByTestId("figure-Complaint rate")).toHaveText("0%");
}

test("a bounced message, its suppression, and removing it (wide screen)", async ({ page }) => {
  await bounceJourney(page, { phone: false });
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("a bounced message, its suppression, and removing it", async ({ page }) => {
    await bounceJourney(page, { phone: true });
  });
});
