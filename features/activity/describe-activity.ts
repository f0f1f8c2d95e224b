// Names for activity types (docs/api.md: dotted, e.g. "auth.login"), and a
// tone that draws the eye to failures and security changes. Types this list
// does not know still show, as their own dotted name.

export type ActivityTone = "neutral" | "positive" | "warning" | "danger";

const known: Record<string, { label: string; tone: ActivityTone }> = {
  "auth.login": { label: "Sign-in", tone: "positive" },
  "auth.login_failed": { label: "Failed sign-in", tone: "danger" },
  "auth.logout": { label: "Sign-out", tone: "neutral" },
  "auth.refresh_reuse_detected": { label: "Token reuse detected", tone: "danger" },
  "auth.reauthenticated": { label: "Identity confirmed", tone: "neutral" },
  "auth.sign_in_code_sent": { label: "Sign-in code sent", tone: "neutral" },
  "auth.magic_link_sent": { label: "Sign-in link sent", tone: "neutral" },
  "session.revoked": { label: "Session signed out", tone: "neutral" },
  "session.revoked_all": { label: "Other sessions signed out", tone: "neutral" },
  "account.created": { label: "Account created", tone: "positive" },
  "account.updated": { label: "Profile updated", tone: "neutral" },
  "account.password_changed": { label: "Password changed", tone: "warning" },
  "account.password_reset_requested": { label: "Password reset requested", tone: "warning" },
  "account.password_reset": { label: "Password reset", tone: "warning" },
  "account.deletion_scheduled": { label: "Deletion scheduled", tone: "danger" },
  "account.deletion_canceled": { label: "Deletion canceled", tone: "positive" },
  "security.preferences_updated": { label: "Security preferences changed", tone: "neutral" },
  "security.otp_login_changed": { label: "Code sign-in changed", tone: "warning" },
  "security.2fa_enabled": { label: "Two-factor turned on", tone: "positive" },
  "security.2fa_disabled": { label: "Two-factor turned off", tone: "warning" },
  "security.2fa_failed": { label: "Wrong two-factor code", tone: "danger" },
  "security.recovery_code_used": { label: "Recovery code used", tone: "warning" },
  "domain.added": { label: "Domain added", tone: "neutral" },
  "domain.verification_checked": { label: "Domain DNS checked", tone: "neutral" },
  "domain.status_changed": { label: "Domain status changed", tone: "warning" },
  "domain.deleted": { label: "Domain deleted", tone: "warning" },
  "mailbox.created": { label: "Mailbox created", tone: "neutral" },
  "mailbox.updated": { label: "Mailbox changed", tone: "neutral" },
  "mailbox.password_changed": { label: "Mailbox password changed", tone: "warning" },
  "mailbox.deleted": { label: "Mailbox deleted", tone: "warning" },
  "mailbox.app_password_created": { label: "Mailbox app password created", tone: "warning" },
  "mailbox.app_password_deleted": { label: "Mailbox app password deleted", tone: "neutral" },
  "mailbox.alias_created": { label: "Mail alias created", tone: "neutral" },
  "mailbox.alias_deleted": { label: "Mail alias deleted", tone: "neutral" },
  "relay.created": { label: "SMTP relay added", tone: "neutral" },
  "relay.updated": { label: "SMTP relay changed", tone: "neutral" },
  "relay.deleted": { label: "SMTP relay deleted", tone: "warning" },
  "relay.tested": { label: "SMTP relay tested", tone: "neutral" },
  "security.sign_in_method_linked": { label: "Sign-in method linked", tone: "warning" },
  "api_key.created": { label: "API key created", tone: "warning" },
  "api_key.revoked": { label: "API key revoked", tone: "neutral" },
  "support.ticket_opened": { label: "Support ticket opened", tone: "neutral" },
  "billing.checkout_started": { label: "Checkout started", tone: "neutral" },
  "billing.payment_succeeded": { label: "Payment received", tone: "positive" },
  "billing.payment_failed": { label: "Payment failed", tone: "danger" },
  "billing.plan_activated": { label: "Plan activated", tone: "positive" },
  "billing.credits_added": { label: "Email credits added", tone: "positive" },
  "billing.cancel_scheduled": { label: "Cancellation scheduled", tone: "warning" },
  "billing.subscription_past_due": { label: "Payment overdue", tone: "danger" },
  "billing.subscription_renewed": { label: "Plan renewed", tone: "positive" },
  "billing.subscription_ended": { label: "Plan ended", tone: "warning" },
};

export function describeActivityType(type: string): { label: string; tone: ActivityTone } {
  return known[type] ?? { label: type, tone: type.endsWith("_failed") ? "danger" : "neutral" };
}
