// The account's activity log (docs/api.md, "Activity item"). Callers pass
// what happened in words and metadata that is never a secret; who acted is
// the request's signed-in person unless the caller says otherwise.
import { sql } from "drizzle-orm";
import { db, type Executor } from "@/server/db/client";
import { activityEvents } from "@/server/db/schema";
import { newId } from "@/server/ids";
import { currentActorEmail } from "./acting-person";

export type ActivityType =
  | "auth.login"
  | "auth.login_failed"
  | "auth.logout"
  | "auth.refresh_reuse_detected"
  | "session.revoked"
  | "session.revoked_all"
  | "auth.sign_in_code_sent"
  | "auth.magic_link_sent"
  | "account.created"
  | "account.updated"
  | "account.email_confirmed"
  | "account.password_changed"
  | "account.deletion_scheduled"
  | "account.deletion_canceled"
  | "security.preferences_updated"
  | "account.password_reset_requested"
  | "account.password_reset"
  | "security.otp_login_changed"
  | "security.2fa_enabled"
  | "security.2fa_disabled"
  | "security.2fa_failed"
  | "security.recovery_code_used"
  | "auth.reauthenticated"
  | "support.ticket_opened"
  | "api_key.created"
  | "api_key.revoked"
  | "billing.checkout_started"
  | "billing.payment_succeeded"
  | "billing.payment_failed"
  | "billing.plan_activated"
  | "billing.credits_added"
  | "billing.cancel_scheduled"
  | "billing.subscription_past_due"
  | "billing.subscription_renewed"
  | "billing.subscription_ended"
  | "domain.added"
  | "domain.verification_checked"
  | "domain.status_changed"
  | "domain.spam_lists_changed"
  | "domain.deleted"
  | "mailbox.created"
  | "mailbox.updated"
  | "mailbox.password_changed"
  | "mailbox.deleted"
  | "mailbox.app_password_created"
  | "mailbox.app_password_deleted"
  | "mailbox.rules_updated"
  | "mailbox.alias_created"
  | "mailbox.alias_deleted"
  | "relay.created"
  | "relay.updated"
  | "relay.deleted"
  | "relay.tested"
  | "suppression.added"
  | "suppression.removed"
  | "security.sign_in_method_linked"
  | "team.invitation_sent"
  | "team.invitation_revoked"
  | "team.member_joined"
  | "team.member_role_changed"
  | "team.member_removed"
  | "team.member_left"
  | "topic.created"
  | "topic.updated"
  | "topic.deleted"
  | "subscriptions.updated"
  | "template.created"
  | "template.updated"
  | "template.deleted";

export type ActivityInput = {
  accountId: string;
  type: ActivityType;
  description: string;
  ip?: string | null;
  userAgent?: string | null;
  metadata?: Record<string, unknown>;
  /** Who acted; by default the person signed in for the current request (none: nobody signed in did it). */
  actorEmail?: string | null;
};

export async function recordActivity(input: ActivityInput, tx: Executor = db()): Promise<void> {
  await tx.insert(activityEvents).values({
    id: newId("evt"),
    accountId: input.accountId,
    type: input.type,
    description: input.description,
    ipAddress: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    actorEmail: input.actorEmail === undefined ? currentActorEmail() : input.actorEmail,
    metadata: input.metadata ?? {},
    // clock_timestamp(), not now(): events of one transaction keep their order.
    createdAt: sql`clock_timestamp()`,
  });
}
