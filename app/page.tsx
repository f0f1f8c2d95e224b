import Link from "next/link";
import { ButtonLink } from "@/components/button-link";
import { CodeBlock } from "@/components/code-block";
import { FeatureCard } from "@/components/feature-card";
import { BounceIcon, CardIcon, InboxIcon, RelayIcon, SendIcon, ShieldIcon } from "@/components/feature-icons";
import { InlineCode } from "@/components/inline-code";
import { JsonCode } from "@/components/json-code";
import { env } from "@/server/config/env";
import { getPortalSession } from "@/server/portal/portal-session";
import { planById } from "@/server/services/billing/catalog";
import { appVersion } from "@/server/version";

// Examples mirror what the API really answers (GET /api/v1/health, an unknown route).
const healthExample = { success: true, message: "OK", data: { status: "ok", version: appVersion } };
const errorExample = { success: false, message: "No route for GET /api/v1/nope.", data: { code: "not_found" } };

export default async function HomePage() {
  // Signed in, the way in is the dashboard: sign-up and sign-in would only start over.
  const signedIn = (await getPortalSession()) !== null;
  const apiBase = `${env().appUrl}/api/v1`;
  const free = planById("free");
  return (
    <>
      <section className="relative overflow-hidden border-b border-zinc-200 dark:border-zinc-800">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 h-96 bg-[radial-gradient(ellipse_at_top,var(--color-indigo-100),transparent_70%)] dark:bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--color-indigo-500)_18%,transparent),transparent_70%)]"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-zinc-200 bg-white/70 px-3 py-1 text-xs font-medium text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900/70 dark:text-zinc-400">
              <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
              Email sending &amp; hosting · REST API v1
            </p>
            <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-5xl dark:text-white">
              Send email from your product, and host the mailboxes that answer.
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-zinc-600 dark:text-zinc-400">
              Customer Email Service sends your mail through a REST API or SMTP submission, receives it on its own MX with bounces and
              suppressions handled for you, and hosts mailboxes on your domains that you read over IMAP or POP3 or right here in the portal.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {signedIn ? (
                <ButtonLink href="/dashboard">Go to dashboard</ButtonLink>
              ) : (
                <ButtonLink href="/sign-up">Create a free account</ButtonLink>
              )}
              <ButtonLink href="/docs/api" variant="secondary">
                Read the API reference
              </ButtonLink>
            </div>
            {signedIn ? null : (
              <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
                Free plan: {free.monthlyQuota?.toLocaleString("en-US")} emails a month and {free.mailboxes} mailboxes. Already have an
                account?{" "}
                <Link href="/sign-in" className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
                  Sign in
                </Link>
              </p>
            )}
          </div>
          <div className="min-w-0">
            <CodeBlock title="Check the API is up">
              <span className="text-zinc-500 select-none">$ </span>
              {`curl -s ${apiBase}/health`}
              {"\n\n"}
              <JsonCode value={healthExample} />
            </CodeBlock>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="max-w-2xl">
          <h2 id="features-heading" className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-white">
            Everything between your app and the inbox
          </h2>
          <p className="mt-4 text-base leading-7 text-zinc-600 dark:text-zinc-400">
            One account for the mail you send, the mail you receive and the domains both run on.
          </p>
        </div>
        <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FeatureCard title="A sending API" icon={<SendIcon />}>
            One <InlineCode>POST</InlineCode> sends a message, signed with DKIM, with attachments, scheduling and batches. Every message and
            its delivery events are in the portal.
          </FeatureCard>
          <FeatureCard title="SMTP submission" icon={<RelayIcon />}>
            Apps that only speak SMTP log in to our submission server with an SMTP password and send through the same pipeline. Bring your
            own SMTP relays too, or send through ours.
          </FeatureCard>
          <FeatureCard title="Bounces and suppressions" icon={<BounceIcon />}>
            Our MX receives bounces and complaints for your messages and adds hard-bouncing or complaining addresses to your suppression
            list, so you stop writing to them.
          </FeatureCard>
          <FeatureCard title="Hosted mailboxes" icon={<InboxIcon />}>
            Mailboxes on your own domain, read in any mail app over IMAP or POP3, or in the portal&apos;s inbox, with aliases and per-app
            passwords.
          </FeatureCard>
          <FeatureCard title="Verified sending domains" icon={<ShieldIcon />}>
            Add a domain, publish the SPF, DKIM and DMARC records we give you, and we keep checking until every required record passes.
          </FeatureCard>
          <FeatureCard title="Plans and a predictable API" icon={<CardIcon />}>
            Start free and move to a paid plan as your volume grows. Every endpoint lives under <InlineCode>/api/v1</InlineCode> and answers
            with the same envelope.
          </FeatureCard>
        </div>
      </section>

      <section aria-labelledby="envelope-heading" className="border-y border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1fr_1.2fr] lg:items-center">
          <div>
            <h2 id="envelope-heading" className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-white">
              One envelope, every response
            </h2>
            <p className="mt-4 text-base leading-7 text-zinc-600 dark:text-zinc-400">
              Success or failure, the body has the same three fields: <InlineCode>success</InlineCode>, <InlineCode>message</InlineCode> and{" "}
              <InlineCode>data</InlineCode>. On errors, <InlineCode>data.code</InlineCode> is a stable snake_case string your code can
              switch on; the message is for people.
            </p>
            <p className="mt-4 text-base leading-7 text-zinc-600 dark:text-zinc-400">
              Base URL: <InlineCode>{apiBase}</InlineCode>
            </p>
          </div>
          <div className="grid min-w-0 gap-4 md:grid-cols-2 lg:grid-cols-1">
            <CodeBlock title="200 OK">
              <JsonCode value={healthExample} />
            </CodeBlock>
            <CodeBlock title="404 Not Found">
              <JsonCode value={errorExample} />
            </CodeBlock>
          </div>
        </div>
      </section>

      <section aria-labelledby="reference-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="flex flex-col items-start gap-6 rounded-2xl border border-zinc-200 p-8 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
          <div className="max-w-xl">
            <h2 id="reference-heading" className="text-xl font-semibold tracking-tight text-zinc-900 dark:text-white">
              Explore the API
            </h2>
            <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
              The reference is generated from the same schemas the API enforces, so the documentation and the behaviour cannot drift apart.
            </p>
          </div>
          <ButtonLink href="/docs/api">Open the API reference</ButtonLink>
        </div>
      </section>
    </>
  );
}
