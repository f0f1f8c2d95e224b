// The onboarding checklist with its progress; every step links to where it is
// done, except the first (a test email), which is done right here.
import Link from "next/link";
import { SendTestEmail } from "@/features/onboarding/send-test-email";
import type { OnboardingProfile } from "@/shared/schemas/dashboard";

export function OnboardingChecklist({ profile }: { profile: OnboardingProfile }) {
  return (
    <section
      aria-labelledby="getting-started"
      className="rounded-xl border border-zinc-200 bg-white p-6 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="getting-started" className="text-base font-semibold text-zinc-900 dark:text-white">
          Getting started
        </h2>
        <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
          {profile.completed} of {profile.total} done
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={profile.percent}
        className="mt-3 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        <div className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400" style={{ width: `${profile.percent}%` }} />
      </div>
      <ol aria-label="Onboarding steps" className="mt-5 space-y-3">
        {profile.steps.map((step) => (
          <li key={step.id} id={step.id === "send_test_email" ? "send-test-email" : undefined} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                step.done ? "bg-emerald-600 text-white dark:bg-emerald-500" : "border border-zinc-300 dark:border-zinc-600"
              }`}
            >
              {step.done ? "✓" : ""}
            </span>
            <div className="min-w-0 text-sm">
              <p className={step.done ? "text-zinc-500 line-through dark:text-zinc-400" : "font-medium text-zinc-900 dark:text-white"}>
                {step.done ? (
                  <>
                    {step.title}
                    <span className="sr-only"> (done)</span>
                  </>
                ) : step.id === "send_test_email" ? (
                  step.title
                ) : (
                  <Link href={step.href} className="underline-offset-2 hover:underline">
                    {step.title}
                  </Link>
                )}
              </p>
              {step.done ? null : <p className="text-zinc-600 dark:text-zinc-400">{step.description}</p>}
              {!step.done && step.id === "send_test_email" ? <SendTestEmail /> : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
