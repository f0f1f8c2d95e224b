// A message with an attachment in the portal: found with the list's search
// box and filters, and its page showing the HTML body in a sandboxed frame,
// the attachments, the headers and the event timeline.
import { randomBytes } from "node:crypto";
import { newAccount, signUpInBrowser } from "./support/accounts";
import { addDomainInPortal, publishAndVerifyInPortal } from "./support/sending-domains";
import { expect, test } from "./support/test";

test("a sent message with an attachment: search, filter, body, attachments, headers and events", async ({ page, request }) => {
  test.setTimeout(60_000);
  const domain = `detail-${randomBytes(4).toString("hex")}.example.org`;
  await signUpInBrowser(page, newAccount("detail"));
  const nav = page.getByRole("navigation", { name: "Primary" });
  await nav.getByRole("link", { name: "Domains" }).click();
  await addDomainInPortal(page, domain);
  await publishAndVerifyInPortal(page, domain);

  await nav.getByRole("link", { name: "API keys" }).click();
  const form = page.getByRole("region", { name: "Create a key" });
  await form.getByLabel("Name", { exact: true }).fill("Invoices");
  await form.getByLabel("Access", { exact: true }).selectOption("sending");
  await form.getByLabel("Domain", { exact: true }).selectOption({ label: `Only ${domain}` });
  await form.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Copy your new key" });
  const secret = (await dialog.getByTestId("api-key-secret").innerText()).trim();
  await dialog.getByRole("button", { name: "Done" }).click();

  const subject = `Invoice ${randomBytes(3).toString("hex")}`;
  const invoice = Buffer.from("%PDF-1.4 a tiny invoice");
  const send = (body: Record<string, unknown>) =>
    request.post("/api/v1/sending/messages", { headers: { authorization: `Bearer ${secret}` }, data: body });
  const sent = await send({
    from: `Billing <billing@${domain}>`,
    to: "grace@example.com",
    subject,
    html: "<h1>Your invoice</h1><p>Thank you, Grace.</p><script>document.title = 'ran'</script>",
    text: "Your invoice. Thank you, Grace.",
    headers: { "X-Campaign": "invoices" },
    tags: [{ name: "kind", value: "invoice" }],
    attachments: [{ filename: "invoice.pdf", content: invoice.toString("base64") }],
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const messageId = ((await sent.json()) as { data: { id: string } }).data.id;
  expect((await send({ from: `billing@${domain}`, to: "other@example.com", subject: "Something else", text: "x" })).status()).toBe(201);

  // The list: the search box and the filters narrow it, and live in the URL.
  await nav.getByRole("link", { name: "Messages" }).click();
  const table = page.getByRole("table", { name: /Sent messages/ });
  await expect(table.getByRole("row")).toHaveCount(3);
  const filters = page.getByRole("search", { name: "Filter messages" });
  await filters.getByLabel("Search").fill(subject);
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(`/messages?search=${encodeURIComponent(subject).replace(/%20/g, "+")}`);
  await expect(table.getByRole("row")).toHaveCount(2);
  await filters.getByLabel("Search").fill("");
  await filters.getByLabel("Tag").fill("kind:invoice");
  await filters.getByLabel("Recipient").fill("grace@");
  await filters.getByRole("button", { name: "Filter" }).click();
  // The filters live in the URL and the form is rebuilt from it: wait for it before touching the form again.
  await expect(page).toHaveURL(/[?&]tag=kind%3Ainvoice/);
  const row = table.getByRole("row").filter({ hasText: subject });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(row.getByText("Sent", { exact: true })).toBeVisible({ timeout: 30_000 });
  await filters.getByLabel("Status").selectOption("bounced");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("heading", { name: "No messages match these filters" })).toBeVisible();
  await page.goBack();
  await row.getByRole("link", { name: subject }).click();

  // Its page.
  await expect(page).toHaveURL(`/messages/${messageId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
  const frame = page.getByTitle("Message body (HTML)");
  await expect(frame).toHaveAttribute("sandbox", "");
  const body = page.frameLocator('iframe[title="Message body (HTML)"]');
  await expect(body.getByRole("heading", { name: "Your invoice" })).toBeVisible();
  await expect(body.getByText("Thank you, Grace.")).toBeVisible();
  const attachments = page.getByRole("list", { name: "Attachments" }).getByRole("listitem");
  await expect(attachments).toHaveCount(1);
  await expect(attachments.first()).toContainText("invoice.pdf");
  await expect(attachments.first()).toContainText("application/pdf");
  await expect(attachments.first()).toContainText(`${invoice.length} B`);
  const headers = page.getByRole("region", { name: "Headers" });
  await expect(headers).toContainText("X-Campaign");
  await expect(headers).toContainText("invoices");
  const events = page.getByRole("list", { name: "Message events" }).getByRole("listitem");
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText("Queued");
  await expect(events.nth(1)).toContainText("Sent");
  await expect(events.nth(1)).toContainText("grace@example.com");
  // The sandbox kept the message's script from running anywhere.
  await expect(page).not.toHaveTitle("ran");
});
