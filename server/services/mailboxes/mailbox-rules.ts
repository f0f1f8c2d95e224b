// GET and PUT /mailboxes/{mailbox_id}/rules (docs/spam-and-rules.md,
// "Mailbox rules"): the typed document is compiled to Sieve, checked by
// Pigeonhole's compiler and against the mailbox's Sieve limits, then saved
// and installed in one transaction, so a rule Dovecot would refuse is a 400,
// a script past the limits a 400 or 409, and the rules in force stay.
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
  scriptsBesidesApi,
} from "@/server/mail-store/sieve/mailbox-sieve-files";
import { SIEVE_LIMITS } from "@/shared/mailbox-rules-limits";
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

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1).replace(/\.0$/, "")} KiB`;

/** The script fits one script's limit (400 otherwise: the document itself is too big). */
function checkScriptSize(script: string): void {
  const bytes = Buffer.byteLength(script);
  if (bytes <= SIEVE_LIMITS.maxScriptBytes) return;
  const message =
    `These rules make a Sieve script of ${kib(bytes)}; a mailbox's script can be at most ${kib(SIEVE_LIMITS.maxScriptBytes)}. ` +
    "Remove some filters, forwards or vacation text.";
  throw new AppError("validation_error", "The request is not valid.", { errors: [{ path: "", message }] });
}

/** Room beside the scripts a mail client uploaded over ManageSieve, as Pigeonhole counts it (409 otherwise). */
async function checkScriptRoom(address: string, script: string): Promise<void> {
  const others = await scriptsBesidesApi(address);
  const total = others.bytes + Buffer.byteLength(script);
  if (others.count + 1 > SIEVE_LIMITS.maxScripts) {
    throw new AppError(
      "conflict",
      `The mailbox already has ${others.count} Sieve scripts uploaded over ManageSieve, the most it may keep (${SIEVE_LIMITS.maxScripts}, these rules included). Delete one with the mail client first.`,
    );
  }
  if (total > SIEVE_LIMITS.maxStorageBytes) {
    throw new AppError(
      "conflict",
      `With the ${kib(others.bytes)} of Sieve scripts uploaded over ManageSieve, these rules would make ${kib(total)}; a mailbox keeps at most ${kib(SIEVE_LIMITS.maxStorageBytes)}. Delete some with the mail client first.`,
    );
  }
}

export async function putMailboxRules(
  accountId: string,
  mailboxId: string,
  document: MailboxRulesDocument,
  client: ClientInfo,
): Promise<MailboxRules> {
  const mailbox = await getOwnedMailboxOrThrow(accountId, mailboxId);
  const compiled = compileRules(document);
  checkScriptSize(compiled.script);
  const problems = await checkSieve(compiled.script);
  if (problems.length > 0) {
    const errors = problems.map((problem) => ({
      path: (problem.line === null ? null : fieldAtLine(compiled, problem.line)) ?? "",
      message: `Dovecot's Sieve compiler refused this rule: ${problem.message}`,
    }));
    throw new AppError("validation_error", "The request is not valid.", { errors });
  }
  await checkScriptRoom(mailbox.address, compiled.script);
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
