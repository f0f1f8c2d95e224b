// Who calls a sending operation, whichever door it came through: the API
// (a signed-in session or an API key) or SMTP submission (an API key or a
// mailbox, which leaves both fields null). The messages services scope
// their reads and writes by it: the account, and a key's one domain.
import type { ApiKeyGrant } from "@/server/services/api-keys/authenticate-api-key";
import type { AuthContext } from "./authenticate-bearer";

export type SendingPrincipal = Pick<AuthContext, "accountId" | "account"> & {
  sessionId: string | null;
  apiKey: ApiKeyGrant | null;
  /** When the credential presented stops working by itself (an access token's or API key's expiry); null: never. */
  credentialExpiresAt: Date | null;
};

/** A signed-in session calling a sending operation. */
export const sessionPrincipal = (auth: AuthContext): SendingPrincipal => ({
  ...auth,
  apiKey: null,
  credentialExpiresAt: auth.accessTokenExpiresAt,
});
