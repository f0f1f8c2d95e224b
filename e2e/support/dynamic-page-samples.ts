// Concrete pages for the app's dynamic routes, arranged through the API, so
// the specs that visit every page (accessibility, security headers, phones)
// open them too: a sent message for its detail page and a mailbox with a
// message for its inbox (both of the signed-in account), and a sandbox
// checkout started by an account of its own (the gateway's page is public).
// A route missing here stays skipped with the reason page-routes.ts gives;
// an invoice needs a payment first, which e2e/billing.spec.ts makes and opens.
import type { APIRequestContext } from "@playwright/test";
import { newAccount, type TestAccount } from "./accounts";
import { arrangeMailbox, sendThroughMx } from "./hosted-mailbox";
import { arrangeSentMessage } from "./sending-data";
import { expect } from "./test";

type Arrange = (request: APIRequestContext, account: TestAccount) => Promise<string>;

/** A checkout of the Pro plan through the sandbox gateway, started by a new account over the API (no cookie is set). */
async function sandboxCheckoutPage(request: APIRequestContext): Promise<string> {
  const registered = await request.post("/api/v1/auth/register", { data: newAccount("checkout") });
  expect(registered.status(), await registered.text()).toBe(201);
  const { accessToken } = ((await registered.json()) as { data: { accessToken: string } }).data;
  const checkout = await request.post("/api/v1/billing/checkout", {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { planId: "pro", provider: "sandbox" },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  return new URL(((await checkout.json()) as { data: { checkoutUrl: string } }).data.checkoutUrl, "http://localhost").pathname;
}

/** Pages of a signed-in account's own data (portal routes). */
export const dynamicPageSamples: Record<string, Arrange> = {
  "/messages/[message_id]": async (request, account) => `/messages/${(await arrangeSentMessage(request, account)).messageId}`,
  "/mailboxes/[mailbox_id]/inbox": async (request, account) => {
    const { address, mailboxId } = await arrangeMailbox(request, account);
    await sendThroughMx({ to: address, subject: "A message to list", text: "Hello." });
    return `/mailboxes/${mailboxId}/inbox`;
  },
};

/** Public pages with an id: arranged without the visitor's account, so they open signed in or out. */
export const publicDynamicPageSamples: Record<string, (request: APIRequestContext) => Promise<string>> = {
  "/billing/sandbox/checkout/[reference]": sandboxCheckoutPage,
};

/** A dynamic portal route with its segments filled by any value: signed out, it redirects before the id is read. */
export const withPlaceholderIds = (path: string) => path.replace(/\[[^\]]+\]/g, "sample");
