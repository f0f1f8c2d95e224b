import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { buttonClass } from "@/components/button-styles";
import { Note } from "@/components/note";
import { LocalDate } from "@/features/account-deletion/local-date";
import { AuthCard, textLinkClass } from "@/features/auth/auth-card";

export const metadata: Metadata = { title: "Account scheduled for deletion" };

const scheduledFor = z.iso.datetime();

// Where the portal lands after DELETE /account (every session is signed out
// by then, so this page needs none). `?on=` carries the date the API gave.
export default async function DeletionScheduledPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).on;
  const parsed = scheduledFor.safeParse(Array.isArray(raw) ? raw[0] : raw);
  const when = parsed.success ? <LocalDate iso={parsed.data} /> : "in 30 days";
  const by = parsed.success ? (
    <>
      before <LocalDate iso={parsed.data} />
    </>
  ) : (
    "within 30 days"
  );

  return (
    <AuthCard
      title="Your account is scheduled for deletion"
      description={<>You have been signed out on every device. We emailed you a confirmation.</>}
      footer={
        <>
          Back to{" "}
          <Link href="/" className={textLinkClass}>
            the home page
          </Link>
        </>
      }
    >
      <div className="space-y-5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        <dl className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200">
          <dt className="text-xs font-medium tracking-wide uppercase opacity-80">Deletion date</dt>
          <dd className="mt-0.5 text-base font-semibold">{when}</dd>
        </dl>
        <div className="space-y-3">
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">Changed your mind?</h2>
          <p>
            Sign in again {by} and choose <strong className="font-medium text-zinc-900 dark:text-zinc-100">Cancel deletion</strong> in the
            banner at the top of the page. Until then nothing is erased and your account works as before.
          </p>
        </div>
        <Link href="/sign-in" className={`${buttonClass("primary")} w-full`}>
          Sign in to cancel
        </Link>
        <Note>
          After the 30 days, your account and everything it holds (sending domains, relays, messages and activity) are erased for good, and
          the email address can be used to sign up again.
        </Note>
      </div>
    </AuthCard>
  );
}
