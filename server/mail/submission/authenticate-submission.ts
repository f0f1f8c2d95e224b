// Who may submit mail: username `apikey` with an API key as the password
// (either scope; a key restricted to one domain stays restricted). Hosted
// mailboxes will log in here with their address and password too: that is
// one more branch below, returning the same kind of sender.
import { AppError } from "@/server/errors";
import type { SendingPrincipal } from "@/server/http/route";
import { authenticateApiKey } from "@/server/services/api-keys/authenticate-api-key";
import { SUBMISSION_USERNAME } from "./submission-limits";

export async function authenticateSubmission(username: string, password: string): Promise<SendingPrincipal | null> {
  if (username.trim().toLowerCase() !== SUBMISSION_USERNAME || !password) return null;
  try {
    const { accountId, account, apiKey } = await authenticateApiKey(password);
    return { accountId, account, apiKey, sessionId: null };
  } catch (error) {
    if (error instanceof AppError && error.code === "unauthorized") return null;
    throw error;
  }
}
