// A move into Junk teaches rspamd "spam", a move out of Junk (not into Trash)
// "ham" (docs/spam-and-rules.md, "Teaching the filter"), into the statistics
// of the mailbox's account. Without a learning backend nothing is taught, nor
// past the account's budget of lessons (counted before the message is read);
// a failure to teach is logged, never an error of the move.
import { env } from "@/server/config/env";
import { logger } from "@/server/logger";
import { hitRateLimit } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
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

type LessonContext = { accountId: string; mailboxId: string };

/**
 * Whether a move may teach (checked before the message is read): this instance's rspamd can learn, and the account
 * has lessons left in its window. One lesson is counted first, as every limit is (docs/security.md).
 */
export async function mayTeachSpamFilter(context: LessonContext): Promise<boolean> {
  if (learningController(env()) === null) return false;
  const state = await hitRateLimit(policy("spamLessonsPerAccount"), context.accountId);
  if (!state.limited) return true;
  logger().info(
    { ...context, retryAfterSeconds: state.retryAfterSeconds },
    "a move was not taught: the account's lessons for now are spent",
  );
  return false;
}

/** Teaches rspamd; answers the lesson taught, or null when it was not (no backend, or a failure, logged). */
export async function teachSpamFilter(kind: LearnKind, raw: Buffer, context: LessonContext): Promise<LearnKind | null> {
  const config = env();
  const controller = learningController(config);
  if (!controller) return null;
  const outcome = await learnMessage(controller, kind, raw, context.accountId, config.rspamd.timeoutMs);
  if (outcome.taught) return kind;
  logger().warn({ ...context, lesson: kind, reason: outcome.reason }, "rspamd was not taught by a move");
  return null;
}
