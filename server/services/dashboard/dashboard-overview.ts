// GET /dashboard/overview: the figures of the portal's home page. The counts,
// the plan, the credits and the latest events of the feed are read concurrently; only
// the usage count and the bounce and complaint rates wait, because the quota
// period depends on the plan.
import { now } from "@/server/clock";
import { env } from "@/server/config/env";
import { readMailStorage } from "@/server/mail-store/dovecot/mail-store-status";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { getAccountPlan } from "@/server/services/billing/account-plan";
import { creditBalance } from "@/server/services/billing/credit-balance";
import { emailsUsedInPeriod } from "@/server/services/billing/emails-used";
import type { DashboardOverview } from "@/shared/schemas/dashboard";
import { accountCounts } from "./account-counts";
import { deliverability } from "./deliverability";
import { onboardingProfile } from "./onboarding-steps";
import { latestEvents } from "@/server/services/events/latest-events";

type PlanId = DashboardOverview["plan"]["id"];

export async function dashboardOverview(auth: AuthContext): Promise<DashboardOverview> {
  const at = now();
  const [counts, plan, credits, events] = await Promise.all([
    accountCounts(auth.accountId, at),
    getAccountPlan(auth.accountId, undefined, at),
    creditBalance(auth.accountId),
    latestEvents(auth.accountId, 5),
  ]);
  const [emailsSent, rates] = await Promise.all([
    emailsUsedInPeriod(auth.accountId, plan.period),
    deliverability(auth.accountId, plan.period),
  ]);
  const quota = plan.monthlyQuota;
  return {
    plan: {
      id: plan.plan.id,
      name: plan.plan.name,
      status: plan.status,
      cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
      periodStart: plan.period.start.toISOString(),
      periodEnd: plan.period.end.toISOString(),
    },
    usage: {
      emailsSent,
      quota,
      percentUsed: quota ? Math.min(100, Math.round((emailsSent / quota) * 100)) : null,
      creditBalance: credits,
    },
    deliverability: rates,
    domains: { total: counts.domainsTotal, verified: counts.domainsVerified },
    relays: { total: counts.relaysTotal, active: counts.relaysActive, defaultFailing: counts.defaultRelayFailing > 0 },
    apiKeys: { total: counts.apiKeys },
    mailboxes: { total: counts.mailboxes, included: plan.plan.mailboxes },
    twoFactorEnabled: auth.account.twoFactorEnabled,
    activeSessions: counts.activeSessions,
    recentEvents: events,
    onboarding: onboardingProfile({
      ...counts,
      twoFactorEnabled: auth.account.twoFactorEnabled,
      currentPlanId: plan.plan.id,
      intendedPlanId: (auth.account.requestedPlanId as PlanId | null) ?? null,
    }),
    mailStorage: readMailStorage(env()),
  };
}
