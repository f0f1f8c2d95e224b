import { Badge } from "@/components/badge";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert } from "@/components/alert";
import { ButtonLink } from "@/components/button-link";
import { InlineCode } from "@/components/inline-code";
import { Note } from "@/components/note";
import { type DevEmail, type DevEmailSummary, getDevEmail, isDevEmailId, listDevEmails } from "@/server/outbound/dev-mailbox";
import { env } from "@/server/config/env";
import { DevMailLive } from "./dev-mail-live";

export const metadata: Metadata = { title: "Dev mailbox", robots: { index: false } };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const LIST_LIMIT = 200;

/** Server-rendered for people reading logs side by side: UTC, to the second. */
const formatSentAt = (iso: string) =>
  `${new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }).format(new Date(iso))} UTC`;

// GET /dev/mail — what the file transport "sent" (docs/email-and-two-factor.md), newest first,
// with one email shown. Read from DATA_DIR/mail, never from the database; the
// page does not exist in production.
export default async function DevMailboxPage({ searchParams }: PageProps) {
  const config = env();
  if (config.isProduction) notFound();

  const requested = (await searchParams).id;
  const requestedId = typeof requested === "string" && isDevEmailId(requested) ? requested : null;
  const { emails, total } = await listDevEmails(config.dataDir, { limit: LIST_LIMIT });
  const selectedId = requestedId ?? emails[0]?.id ?? null;
  const selected = selectedId ? await getDevEmail(config.dataDir, selectedId) : null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <Badge as="p" tone="warning">
            Development only
          </Badge>
          <h1 className="mt-3 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Dev mailbox</h1>
          <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            Emails the <InlineCode>file</InlineCode> transport wrote under{" "}
            <InlineCode>{`${config.DATA_DIR.replace(/\/+$/, "")}/mail`}</InlineCode>, newest first. This page does not exist when{" "}
            <InlineCode>APP_ENV</InlineCode> is <InlineCode>production</InlineCode>.
          </p>
        </div>
        <div className="flex flex-col items-start gap-1.5 sm:items-end">
          {/* Opens the newest email (an ?id would keep the old one); the list also updates by itself. */}
          <ButtonLink href="/dev/mail" variant="secondary" size="sm">
            Refresh
          </ButtonLink>
          <DevMailLive shownNewestId={emails[0]?.id ?? null} shownTotal={total} />
        </div>
      </header>

      {config.emailTransport !== "file" ? (
        <Note className="mt-6">
          <InlineCode>EMAIL_TRANSPORT</InlineCode> is <InlineCode>{config.emailTransport}</InlineCode>: new emails go out through it and do
          not appear here.
        </Note>
      ) : null}

      {emails.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">No emails yet</h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Sign-in codes, sign-in links and password reset codes appear here once they are sent.
          </p>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_1fr]">
          <EmailList emails={emails} total={total} selectedId={selectedId} />
          {selected ? (
            <EmailView email={selected} />
          ) : (
            <Alert title="Email not found">There is no email with that id. It may have been deleted from the mail directory.</Alert>
          )}
        </div>
      )}
    </div>
  );
}

function EmailList({ emails, total, selectedId }: { emails: DevEmailSummary[]; total: number; selectedId: string | null }) {
  return (
    <nav aria-label="Emails" className="min-w-0">
      <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
        <div className="flex items-center justify-between border-b border-zinc-200 bg-zinc-50/80 px-4 py-2.5 dark:border-zinc-800 dark:bg-zinc-900">
          <h2 className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Inbox</h2>
          <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
            {total > emails.length ? `newest ${emails.length} of ${total}` : `${total} ${total === 1 ? "email" : "emails"}`}
          </span>
        </div>
        <ul className="max-h-[40rem] divide-y divide-zinc-200 overflow-y-auto dark:divide-zinc-800">
          {emails.map((email) => (
            <li key={email.id}>
              <Link
                href={`/dev/mail?${new URLSearchParams({ id: email.id })}`}
                aria-current={email.id === selectedId ? "true" : undefined}
                className="block px-4 py-3 transition-colors hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none focus-visible:ring-inset aria-[current=true]:bg-indigo-50 dark:hover:bg-zinc-800/60 dark:aria-[current=true]:bg-indigo-500/10"
              >
                <span className="flex items-baseline justify-between gap-3">
                  <span className="truncate text-sm font-medium text-zinc-900 dark:text-white">{email.subject}</span>
                  <span className="shrink-0 font-mono text-[0.6875rem] text-zinc-600 dark:text-zinc-400">{email.template}</span>
                </span>
                <span className="mt-0.5 block truncate text-sm text-zinc-600 dark:text-zinc-400">{email.to}</span>
                <time dateTime={email.sentAt} className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">
                  {formatSentAt(email.sentAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

function EmailView({ email }: { email: DevEmail }) {
  return (
    <article aria-labelledby="dev-mail-subject" className="min-w-0 space-y-6">
      <div className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <h2 id="dev-mail-subject" className="text-lg font-semibold text-zinc-900 dark:text-white">
            {email.subject}
          </h2>
          {/* A file, not a page: a plain link the client router leaves alone. */}
          <ButtonLink href={`/dev/mail/${email.id}.eml`} variant="secondary" size="sm" document>
            Download .eml
          </ButtonLink>
        </div>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {[
            ["From", email.from],
            ["To", email.to],
            ["Template", email.template],
          ].map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
              <dd className="min-w-0 break-words text-zinc-900 dark:text-zinc-100">{value}</dd>
            </div>
          ))}
          <dt className="text-zinc-500 dark:text-zinc-400">Sent</dt>
          <dd className="text-zinc-900 dark:text-zinc-100">
            <time dateTime={email.sentAt}>{formatSentAt(email.sentAt)}</time>
          </dd>
        </dl>
      </div>

      <section aria-labelledby="dev-mail-html" className="space-y-2">
        <h3 id="dev-mail-html" className="text-sm font-semibold text-zinc-900 dark:text-white">
          HTML part
        </h3>
        {email.html ? (
          <>
            {/*
              sandbox="" with no allowances: the email's HTML runs no script, submits
              no form and cannot reach this page (opaque origin). A srcdoc document has
              no URL of its own, so our frame-ancestors 'none' (which stops other
              sites framing our pages) does not apply; it inherits this page's CSP.
              The HTML is the sender's (a sending-API customer's, or our templates
              as mailed), not this page: data-third-party leaves it out of the
              page's accessibility audit, which cannot finish in a frame that runs
              no timers (docs/testing.md).
            */}
            <iframe
              data-third-party="email-html"
              title={`HTML part of “${email.subject}”`}
              sandbox=""
              srcDoc={email.html}
              className="h-[36rem] w-full rounded-xl border border-zinc-200 bg-white dark:border-zinc-800"
            />
          </>
        ) : (
          // A text-only email (sending API messages without html): no empty frame to stare at.
          <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            This email has no HTML part.
          </p>
        )}
      </section>

      <section aria-labelledby="dev-mail-text" className="space-y-2">
        <h3 id="dev-mail-text" className="text-sm font-semibold text-zinc-900 dark:text-white">
          Plain-text part
        </h3>
        <pre
          tabIndex={0}
          aria-labelledby="dev-mail-text"
          className="overflow-x-auto rounded-xl border border-zinc-200 bg-zinc-50 p-4 font-mono text-[13px] leading-relaxed whitespace-pre-wrap text-zinc-800 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200"
        >
          <LinkifiedText text={email.text} />
        </pre>
      </section>
    </article>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The text with its http(s) links clickable (e.g. a sign-in link), everything else as text. */
function LinkifiedText({ text }: { text: string }) {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} className="break-all text-indigo-600 underline underline-offset-2 dark:text-indigo-400">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
