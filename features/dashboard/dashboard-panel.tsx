"use client";
// The portal's home page: one card per figure of GET /dashboard/overview, each
// linking to the page where it is managed, a usage bar and the onboarding checklist.
// The page's server render usually reads the overview already (`serverRead`),
// so the figures are in the HTML; otherwise they load here.
import Link from "next/link";
import { QueryState } from "@/components/query-state";
import { useHydrated } from "@/components/use-hydrated";
import type { ServerRead } from "@/shared/api/server-read";
import { textLinkClass } from "@/features/auth/auth-card";
import { formatDateTime, formatRelativeTime, formatUtcDateTime } from "@/components/format-time";
import type { DashboardOverview } from "@/shared/schemas/dashboard";
import { MailStorageNotice } from "@/features/mailboxes/mail-storage-notice";
import { describeEvent } from "@/features/events/describe-event";
import { DeliveryChart } from "@/features/stats/delivery-chart";
import { ReputationBanner } from "@/features/stats/reputation-banner";
import { OnboardingChecklist } from "./onboarding-checklist";
import { useDashboardOverview } from "./use-dashboard";
import { PageHeader } from "@/components/page-header";

const number = (value: number) => value.toLocaleString("en-US");

export function DashboardPanel({ serverRead }: { serverRead?: ServerRead<DashboardOverview> | null }) {
  const overview = useDashboardOverview(serverRead);
  const times = useTimes(serverRead?.readAt);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        description="Your plan and this period’s sending, the figures of your account at a glance, and what is left to set up."
      />
      <QueryState query={overview} what="your overview" loading={<OverviewPlaceholder />}>
        {(data) => <Overview data={data} times={times} />}
      </QueryState>
    </div>
  );
}

type Times = { dateTime: (iso: string) => string; relative: (iso: string) => string };

/**
 * Until hydration is over, times are written as the server could: in UTC and
 * relative to when it read the overview, so the browser's first render
 * matches the HTML; then in the reader's own zone and clock.
 */
function useTimes(readAt: number | undefined): Times {
  const isHydrated = useHydrated();
  if (isHydrated || readAt === undefined) return { dateTime: (iso) => formatDateTime(iso), relative: (iso) => formatRelativeTime(iso) };
  return { dateTime: formatUtcDateTime, relative: (iso) => formatRelativeTime(iso, new Date(readAt), "en-US") };
}

// The placeholder below and the loaded cards share it, so both have the same frame.
const cardClass = "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";

/**
 * While the overview loads: empty cards of the loaded layout's sizes, so the
 * figures fill in place instead of pushing the footer (and everything below
 * the usage card) down when they arrive.
 */
function OverviewPlaceholder() {
  return (
    <>
      <div className={`${cardClass} p-6`}>
        <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
          Loading your overview…
        </p>
        <div aria-hidden="true" className="h-20" />
      </div>
      <div aria-hidden="true" className={`${cardClass} h-[30rem]`} />
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 9 }, (_, index) => (
          <div key={index} className={`${cardClass} h-29`} />
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
        <div className={`${cardClass} h-64`} />
        <div className={`${cardClass} h-64`} />
      </div>
    </>
  );
}

// Past these, mailbox providers start to distrust a sender.
const BOUNCE_WARNING_PERCENT = 4;
const COMPLAINT_WARNING_PERCENT = 0.1;

function rateCard(label: string, rate: number | null, count: number, warnAt: number) {
  return {
    label,
    value: rate === null ? "—" : `${rate}%`,
    detail: rate === null ? "nothing sent this period" : `${number(count)} this period`,
    href: "/suppressions",
    warning: rate !== null && rate > warnAt ? `Above ${warnAt}%: check your list and the suppressions` : undefined,
  };
}

function Overview({ data, times }: { data: DashboardOverview; times: Times }) {
  const cards: { label: string; value: string; detail: string; href: string; warning?: string }[] = [
    {
      label: "Domains",
      value: `${number(data.domains.verified)} / ${number(data.domains.total)}`,
      detail: "verified / total",
      href: "/domains",
    },
    {
      label: "SMTP relays",
      value: `${number(data.relays.active)} / ${number(data.relays.total)}`,
      detail: "active / total",
      href: "/relays",
      warning: data.relays.defaultFailing ? "The default relay failed its last test" : undefined,
    },
    {
      label: "Mailboxes",
      value:
        data.mailboxes.included === null
          ? number(data.mailboxes.total)
          : `${number(data.mailboxes.total)} / ${number(data.mailboxes.included)}`,
      detail: data.mailboxes.included === null ? "hosted mailboxes" : "hosted / in your plan",
      href: "/mailboxes",
    },
    { label: "API keys", value: number(data.apiKeys.total), detail: "active keys", href: "/api-keys" },
    {
      label: "Two-factor",
      value: data.twoFactorEnabled ? "On" : "Off",
      detail: data.twoFactorEnabled ? "authenticator app" : "turn it on in Security",
      href: "/security",
    },
    { label: "Active sessions", value: number(data.activeSessions), detail: "signed-in devices", href: "/sessions" },
    { label: "Email credits", value: number(data.usage.creditBalance), detail: "pay-as-you-go balance", href: "/billing" },
    rateCard("Bounce rate", data.deliverability.bounceRate, data.deliverability.bounced, BOUNCE_WARNING_PERCENT),
    rateCard("Complaint rate", data.deliverability.complaintRate, data.deliverability.complained, COMPLAINT_WARNING_PERCENT),
  ];
  // What is left to do comes first, above the figures (on a phone, nine cards would push it out of sight).
  const setupLeft = data.onboarding.completed < data.onboarding.total;
  return (
    <>
      {/* Offline only: a deployment that stores no mail on purpose (DOVECOT=off) says so on the Mailboxes page. */}
      {data.mailStorage.status === "offline" ? <MailStorageNotice storage={data.mailStorage} /> : null}
      <ReputationBanner />
      {setupLeft ? <OnboardingChecklist profile={data.onboarding} /> : null}
      <UsageCard data={data} times={times} />
      <LastThirtyDays />
      <ul aria-label="Account figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              href={card.href}
              className="block rounded-xl border border-zinc-200 bg-white p-5 shadow-xs transition-colors hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-800 dark:bg-zinc-900/60 dark:hover:border-indigo-500/50"
            >
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{card.label}</p>
              <p className="mt-1 text-2xl font-semibold text-zinc-900 tabular-nums dark:text-white" data-testid={`figure-${card.label}`}>
                {card.value}
              </p>
              <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{card.detail}</p>
              {card.warning ? (
                <p data-testid={`warning-${card.label}`} className="mt-2 text-xs font-medium text-amber-800 dark:text-amber-300">
                  {card.warning}
                </p>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <div className={setupLeft ? "" : "grid gap-6 lg:grid-cols-2"}>
        {setupLeft ? null : <OnboardingChecklist profile={data.onboarding} />}
        <RecentEvents events={data.recentEvents} times={times} />
      </div>
    </>
  );
}

/** The last 30 days of sending as a chart, with its rates; a click on a day lists that day's messages. */
function LastThirtyDays() {
  return (
    <section aria-labelledby="last-30-days" className={`${cardClass} p-6`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="last-30-days" className="text-base font-semibold text-zinc-900 dark:text-white">
          Last 30 days
        </h2>
        <Link href="/domains" className={`${textLinkClass} text-sm`}>
          By domain
        </Link>
      </div>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Each recipient handed off, delivered, bounced or complaining, per day.
      </p>
      <div className="mt-4">
        <DeliveryChart query={{}} label="Sent, delivered, bounced and complaints per day over the last 30 days" />
      </div>
    </section>
  );
}

function UsageCard({ data, times }: { data: DashboardOverview; times: Times }) {
  const { usage, plan } = data;
  return (
    <section aria-labelledby="usage" className={`${cardClass} p-6`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="usage" className="text-base font-semibold text-zinc-900 dark:text-white">
          {plan.name} plan{plan.status !== "active" ? ` (${plan.status.replace("_", " ")})` : ""}
        </h2>
        <Link href="/billing" className={`${textLinkClass} text-sm`}>
          {plan.id === "free" ? "Upgrade" : "Manage billing"}
        </Link>
      </div>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {plan.cancelAtPeriodEnd ? "Ends" : "This period ends"} {times.dateTime(plan.periodEnd)}.
      </p>
      <p className="mt-4 text-sm text-zinc-800 tabular-nums dark:text-zinc-200" data-testid="usage-text">
        {usage.quota === null
          ? `${number(usage.emailsSent)} emails sent this period`
          : `${number(usage.emailsSent)} of ${number(usage.quota)} emails this period`}
      </p>
      {usage.quota !== null && usage.percentUsed !== null ? (
        <div
          role="progressbar"
          aria-label="Emails used this period"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={usage.percentUsed}
          className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
        >
          <div
            className={`h-full rounded-full ${usage.percentUsed >= 90 ? "bg-red-600" : usage.percentUsed >= 75 ? "bg-amber-500" : "bg-indigo-600 dark:bg-indigo-400"}`}
            style={{ width: `${usage.percentUsed}%` }}
          />
        </div>
      ) : null}
    </section>
  );
}

/** The feed's latest events, each linking to its object; empty, it says how to make the first one. */
function RecentEvents({ events, times }: { events: DashboardOverview["recentEvents"]; times: Times }) {
  return (
    <section aria-labelledby="recent-events" className={`${cardClass} p-6`}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="recent-events" className="text-base font-semibold text-zinc-900 dark:text-white">
          Recent events
        </h2>
        <Link href="/events" className={`${textLinkClass} shrink-0 text-sm`}>
          All events
        </Link>
      </div>
      {events.length === 0 ? (
        <div className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          <p>
            No events yet. Send a first email: the test email under Getting started takes one click, and its delivery shows up here, as will
            bounces, complaints and mail your mailboxes receive.
          </p>
          <p className="mt-3">
            <a href="#send-test-email" className={textLinkClass}>
              Send a first email
            </a>
          </p>
        </div>
      ) : (
        <ul aria-label="Recent events" className="mt-4 space-y-3">
          {events.map((event) => {
            const described = describeEvent(event);
            return (
              <li key={event.id} className="flex justify-between gap-4 text-sm">
                <Link
                  href={described.href}
                  className="min-w-0 break-words text-zinc-800 hover:text-indigo-700 hover:underline dark:text-zinc-200 dark:hover:text-indigo-300"
                >
                  {described.text}
                </Link>
                <time
                  dateTime={event.createdAt}
                  title={times.dateTime(event.createdAt)}
                  className="shrink-0 text-zinc-500 dark:text-zinc-400"
                >
                  {times.relative(event.createdAt)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-4 text-xs text-zinc-500 dark:text-zinc-400">
        Sign-ins and changes to your account are in{" "}
        <Link href="/activity" className={textLinkClass}>
          Activity
        </Link>
        .
      </p>
    </section>
  );
}
