// Concrete pages for the app's dynamic routes, arranged as a customer would,
// so the specs that visit every page (accessibility, security headers,
// phones) open them too: of the signed-in account, a sent message for its
// detail page, a domain with mail sent from it for its stats page, a mailbox with a message for its inbox, a template for its
// editor and an invoice (a Pro
// checkout paid on the sandbox gateway's page); and a sandbox checkout
// started by an account of its own (the gateway's page is public). A route
// missing here stays skipped with the reason page-routes.ts gives.
import type { APIRequestContext, Page } from "@playwright/test";
import { newAccount, signInThroughApi, type TestAccount } from "./accounts";
import { arrangeMailbox, sendThroughMx } from "./hosted-mailbox";
import { arrangeSentMessage } from "./sending-data";
import { expect } from "./test";

type Arrange = (page: Page, account: TestAccount) => Promise<string>;

async function startProCheckout(request: APIRequestContext, authorization: string): Promise<string> {
  const checkout = await request.post("/api/v1/billing/checkout", {
    headers: { authorization },
    data: { planId: "pro", provider: "sandbox" },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  return new URL(((await checkout.json()) as { data: { checkoutUrl: string } }).data.checkoutUrl, "http://localhost").pathname;
}

/** A checkout of the Pro plan through the sandbox gateway, started by a new account over the API (no cookie is set). */
async function sandboxCheckoutPage(request: APIRequestContext): Promise<string> {
  const registered = await request.post("/api/v1/auth/register", { data: newAccount("checkout") });
  expect(registered.status(), await registered.text()).toBe(201);
  const { accessToken } = ((await registered.json()) as { data: { accessToken: string } }).data;
  return startProCheckout(request, `Bearer ${accessToken}`);
}

/** The account's invoice for a Pro checkout it paid on the sandbox gateway's page. */
async function paidInvoicePage(page: Page, account: TestAccount): Promise<string> {
  const authorization = `Bearer ${await signInThroughApi(page.request, account)}`;
  await page.goto(await startProCheckout(page.request, authorization));
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/billing\/return\?/);
  let invoiceId: string | undefined;
  await expect(async () => {
    const invoices = await page.request.get("/api/v1/billing/invoices", { headers: { authorization } });
    invoiceId = ((await invoices.json()) as { data: { id: string }[] }).data[0]?.id;
    expect(invoiceId).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return `/billing/invoices/${invoiceId}`;
}

/** Pages of a signed-in account's own data (portal routes). */
export const dynamicPageSamples: Record<string, Arrange> = {
  "/billing/invoices/[invoice_id]": paidInvoicePage,
  "/messages/[message_id]": async (page, account) => `/messages/${(await arrangeSentMessage(page.request, account)).messageId}`,
  "/domains/[domain_id]": async (page, account) => `/domains/${(await arrangeSentMessage(page.request, account)).domainId}`,
  "/mailboxes/[mailbox_id]/inbox": async (page, account) => {
    const { address, mailboxId } = await arrangeMailbox(page.request, account);
    await sendThroughMx({ to: address, subject: "A message to list", text: "Hello." });
    return `/mailboxes/${mailboxId}/inbox`;
  },
  "/mailboxes/[mailbox_id]/rules": async (page, account) => `/mailboxes/${(await arrangeMailbox(page.request, account)).mailboxId}/rules`,
  "/templates/[templateId]": async (page, account) => {
    const authorization = `Bearer ${await signInThroughApi(page.request, account)}`;
    const created = await page.request.post("/api/v1/sending/templates", {
      headers: { authorization },
      data: {
        name: "Welcome",
        subject: "Welcome, {{name}}",
        html: "<h1>Hello {{name}}</h1>",
        variables: { type: "object", properties: { name: { type: "string" } } },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return `/templates/${((await created.json()) as { data: { id: string } }).data.id}`;
  },
};

/** Public pages with an id: arranged without the visitor's account, so they open signed in or out. */
export const publicDynamicPageSamples: Record<string, (request: APIRequestContext) => Promise<string>> = {
  "/billing/sandbox/checkout/[reference]": sandboxCheckoutPage,
};

/** A dynamic portal route with its segments filled by any value: signed out, it redirects before the id is read. */
export const withPlaceholderIds = (path: string) => path.replace(/\[[^\]]+\]/g, "sample");
