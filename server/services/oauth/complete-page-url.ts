// Where every provider sign-in ends: the portal page that exchanges the code
// (docs/oauth.md), built from APP_URL, never from the request.
import { env } from "@/server/config/env";
import type { CallbackErrorCode } from "./provider-identity";

export const COMPLETE_PAGE_PATH = "/auth/oauth/complete";

/** `next` is a same-site path, checked when the flow started. */
export function completePageUrl(result: { code: string; returnTo: string | null } | { error: CallbackErrorCode }): string {
  const url = new URL(`${env().appUrl}${COMPLETE_PAGE_PATH}`);
  if ("error" in result) url.searchParams.set("error", result.error);
  else {
    url.searchParams.set("code", result.code);
    if (result.returnTo) url.searchParams.set("next", result.returnTo);
  }
  return url.href;
}
