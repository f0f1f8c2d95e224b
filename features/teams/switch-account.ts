"use client";
// Switching accounts from the portal: the BFF keeps the new token pair in the
// session cookie and answers without it (server/portal/forward-to-api.ts), so
// the browser only has to start over on the dashboard, where every page's
// data is read again for the account now acted in.
import { portalFetch } from "@/features/api/portal-fetch";
import { switchAccount } from "@/shared/api/endpoint-refs";

export async function switchToAccount(accountId: string, landing = "/dashboard"): Promise<void> {
  await portalFetch(switchAccount, { body: { accountId } });
  window.location.assign(landing);
}
