// Concrete pages for the portal's dynamic routes, arranged through the API for
// an account, so the specs that visit every page (accessibility, security
// headers) open them too: a sent message for its detail page, a mailbox with
// a message for its inbox. A route missing here stays skipped with the reason
// page-routes.ts gives; the billing pages with an id are covered by billing.spec.ts.
import type { APIRequestContext } from "@playwright/test";
import type { TestAccount } from "./accounts";
import { arrangeMailbox, sendThroughMx } from "./hosted-mailbox";
import { arrangeSentMessage } from "./sending-data";

type Arrange = (request: APIRequestContext, account: TestAccount) => Promise<string>;

export const dynamicPageSamples: Record<string, Arrange> = {
  "/messages/[message_id]": async (request, account) => `/messages/${(await arrangeSentMessage(request, account)).messageId}`,
  "/mailboxes/[mailbox_id]/inbox": async (request, account) => {
    const { address, mailboxId } = await arrangeMailbox(request, account);
    await sendThroughMx({ to: address, subject: "A message to list", text: "Hello." });
    return `/mailboxes/${mailboxId}/inbox`;
  },
};

/** A dynamic portal route with its segments filled by any value: signed out, it redirects before the id is read. */
export const withPlaceholderIds = (path: string) => path.replace(/\[[^\]]+\]/g, "sample");
