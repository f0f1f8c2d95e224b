// Who may submit mail: username `apikey` (or `resend`, as in Resend's SMTP settings) with an API key as the password
// (either scope; a key restricted to one domain stays restricted), or a hosted
// mailbox's address with its password or an app password that allows `smtp`
// (its SMTP switch on). A mailbox sends only as itself or one of its aliases.
import { AppError } from "@/server/errors";
import type { SendingPrincipal } from "@/server/services/auth/sending-principal";
import { authenticateApiKey } from "@/server/services/api-keys/authenticate-api-key";
import { authenticateMailbox } from "@/server/services/mailboxes/authenticate-mailbox";
import { SUBMISSION_USERNAME, SUBMISSION_USERNAME_ALIASES } from "@/shared/schemas/smtp-submission";

export type SubmissionPrincipal = SendingPrincipal & {
  /** Set when a mailbox logged in: the addresses MAIL FROM and From may carry. */
  mailbox: { id: string; senderAddresses: string[] } | null;
};

export async function authenticateSubmission(username: string, password: string): Promise<SubmissionPrincipal | null> {
  const name = username.trim().toLowerCase();
  if (!password) return null;
  if (name.includes("@")) {
    const login = await authenticateMailbox(name, password, "smtp");
    if (!login) return null;
    return {
      accountId: login.mailbox.accountId,
      account: login.account,
      apiKey: null,
      sessionId: null,
      credentialExpiresAt: null,
      mailbox: { id: login.mailbox.id, senderAddresses: login.senderAddresses },
    };
  }
  if (name !== SUBMISSION_USERNAME && !(SUBMISSION_USERNAME_ALIASES as readonly string[]).includes(name)) return null;
  try {
    const { accountId, account, apiKey, credentialExpiresAt } = await authenticateApiKey(password);
    if (apiKey.scope === "events:read") return null; // reads the event feed only (docs/events.md)
    return { accountId, account, apiKey, sessionId: null, credentialExpiresAt, mailbox: null };
  } catch (error) {
    if (error instanceof AppError && error.code === "unauthorized") return null;
    throw error;
  }
}

/** Whether a mailbox credential may use this sender address (any address for an API key). */
export function maySendAs(principal: SubmissionPrincipal, address: string): boolean {
  return !principal.mailbox || principal.mailbox.senderAddresses.includes(address.trim().toLowerCase());
}
