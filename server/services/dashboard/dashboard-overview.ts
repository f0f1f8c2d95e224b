// GET /dashboard/overview: the figures of the portal's home page, read in one
// statement after the session's (dashboard-figures.ts). The usage count and
// the rates are counted again, for the period the plan gives, only when the
// statement's period was not it (a term ended and not yet rolled forward).
import { now } from "@/server/clock";
import { env } from "@/server/config/env";
import { readMailStorage } from "@/server/mail-store/dovecot/mail-store-status";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import { accountPlanOf } from "@/server/services/billing/account-plan";
import { emailsUsedInPeriod } from "@/server/services/billing/emails-used";
import type { Period } from "@/server/services/billing/periods";
import type { DashboardOverview } from "@/shared/schemas/dashboard";
import { type DashboardFigures, readDashboardFigures } from "./dashboard-figures";
import { deliverability, ratesOf } from "./deliverability";
import { onboardingProfile } from "./onboarding-steps";

type PlanId = DashboardOverview["plan"]["id"];

const samePeriod = (a: Period, b: Period) => a.start.getTime() === b.start.getTime() && a.end.getTime() === b.end.getTime();

async function usageIn(accountId: string, period: Period, figures: DashboardFigures) {
  if (samePeriod(period, figures.counted)) return { emailsSent: figures.emailsSent, rates: ratesOf(figures.rates) };
  const [emailsSent, rates] = await Promise.all([emailsUsedInPeriod(accountId, period), deliverability(accountId, period)]);
  return { emailsSent, rates };
}

export async function dashboardOverview(auth: AuthContext): Promise<DashboardOverview> {
  const at = now();
  const figures = await readDashboardFigures(auth.accountId, at);
  const { counts, credits, recentEvents: events } = figures;
  const plan = accountPlanOf(figures.subscription, at);
  const { emailsSent, rates } = await usageIn(auth.accountId, plan.period, figures);
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
