// GET and PUT /mailboxes/{mailbox_id}/rules (docs/spam-and-rules.md,
// "Mailbox rules"): the typed document is compiled to Sieve, checked by
// Pigeonhole's compiler, then saved and installed in one transaction, so a
// rule Dovecot would refuse is a 400 and the rules in force stay.
import { eq } from "drizzle-orm";
import { db } from "@/server/db/client";
import { mailboxRules } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { compileRules, fieldAtLine } from "@/server/mail-store/sieve/compile-rules";
import {
  API_SCRIPT_NAME,
  type ActiveScript,
  checkSieve,
  installApiScript,
  readActiveScript,
} from "@/server/mail-store/sieve/mailbox-sieve-files";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { ClientInfo } from "@/shared/api/client-info";
import { emptyMailboxRules, type MailboxRules, type MailboxRulesDocument } from "@/shared/schemas/mailbox-rules";
import { getOwnedMailboxOrThrow } from "./mailbox-view";

/**
 * `api` while the active script is the one this API last wrote; `custom` when
 * a ManageSieve client activated another script, rewrote ours, or turned
 * scripts off after the API had saved rules.
 */
function ruleSource(active: ActiveScript, saved: string | null): MailboxRules["source"] {
  if (!active) return saved === null ? "api" : "custom";
  return active.name === API_SCRIPT_NAME && active.content === saved ? "api" : "custom";
}

/** The active script, or undefined when the mail store is not ours to look into (DOVECOT=external or off). */
async function activeScriptIfLocal(address: string): Promise<ActiveScript | undefined> {
  try {
    return await readActiveScript(address);
  } catch (error) {
    if (error instanceof AppError && error.code === "mail_storage_offline") return undefined;
    throw error;
  }
}

export async function getMailboxRules(accountId: string, mailboxId: string): Promise<MailboxRules> {
  const mailbox = await getOwnedMailboxOrThrow(accountId, mailboxId);
  const [row] = await db().select().from(mailboxRules).where(eq(mailboxRules.mailboxId, mailboxId)).limit(1);
  const document = (row?.document as MailboxRulesDocument | undefined) ?? emptyMailboxRules;
  const active = await activeScriptIfLocal(mailbox.address);
  const source = active === undefined ? "api" : ruleSource(active, row?.sieve ?? null);
  return { ...document, source, sieve: row?.sieve ?? compileRules(document).script };
}

export async function putMailboxRules(
  accountId: string,
  mailboxId: string,
  document: MailboxRulesDocument,
  client: ClientInfo,
): Promise<MailboxRules> {
  const mailbox = await getOwnedMailboxOrThrow(accountId, mailboxId);
  const compiled = compileRules(document);
  const problems = await checkSieve(compiled.script);
  if (problems.length > 0) {
    const errors = problems.map((problem) => ({
      path: (problem.line === null ? null : fieldAtLine(compiled, problem.line)) ?? "",
      message: `Dovecot's Sieve compiler refused this rule: ${problem.message}`,
    }));
    throw new AppError("validation_error", "The request is not valid.", { errors });
  }
  await db().transaction(async (tx) => {
    const values = { mailboxId, document, sieve: compiled.script, updatedAt: new Date() };
    await tx.insert(mailboxRules).values(values).onConflictDoUpdate({ target: mailboxRules.mailboxId, set: values });
    await recordActivity(
      {
        accountId,
        type: "mailbox.rules_updated",
        description: `Updated the rules of ${mailbox.address}`,
        ip: client.ip,
        userAgent: client.userAgent,
        metadata: {
          mailboxId,
          filters: document.filters.length,
          forwarding: document.forwarding !== null,
          vacation: document.vacation?.enabled ?? false,
        },
      },
      tx,
    );
    // Last: a failure to install rolls the saved document back with it.
    await installApiScript(mailbox.address, compiled.script);
  });
  return { ...document, source: "api", sieve: compiled.script };
}
