// A move into Junk teaches rspamd "spam", a move out of Junk (not into Trash)
// "ham" (docs/spam-and-rules.md, "Teaching the filter"). Without a learning
// backend nothing is taught; a failure to teach is logged, never an error of the move.
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { type LearnKind, learnMessage } from "@/server/spam-filter/learn-message";
import { learningController } from "@/server/spam-filter/rspamd-controller";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";

type FolderUse = Pick<MailboxFolder, "specialUse">;

/** What a move from one folder to another says about the message, if anything. */
export function lessonOfMove(from: FolderUse, to: FolderUse): LearnKind | null {
  if (to.specialUse === "junk" && from.specialUse !== "junk") return "spam";
  if (from.specialUse === "junk" && to.specialUse !== "junk" && to.specialUse !== "trash") return "ham";
  return null;
}

/** Whether this instance's rspamd can learn at all (checked before the message is read). */
export const canTeachSpamFilter = () => learningController(env()) !== null;

/** Teaches rspamd; answers the lesson taught, or null when it was not (no backend, or a failure, logged). */
export async function teachSpamFilter(kind: LearnKind, raw: Buffer, context: { mailboxId: string }): Promise<LearnKind | null> {
  const config = env();
  const controller = learningController(config);
  if (!controller) return null;
  const outcome = await learnMessage(controller, kind, raw, config.rspamd.timeoutMs);
  if (outcome.taught) return kind;
  logger().warn({ mailboxId: context.mailboxId, lesson: kind, reason: outcome.reason }, "rspamd was not taught by a move");
  return null;
}
