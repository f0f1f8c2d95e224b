import type { Metadata } from "next";
import { QueryProvider } from "@/features/api/query-client";
import { SupportForm } from "@/features/support/support-form";
import { TicketList } from "@/features/support/ticket-list";
import { getPortalSession } from "@/server/portal/portal-session";
import { ticketCategories } from "@/shared/ticket-kinds";

export const metadata: Metadata = { title: "Support" };

// Works signed out (a person who cannot sign in needs help most); signed in,
// the ticket is linked to the account and the account's tickets are listed.
// Links may start a ticket (?category=billing&subject=Enterprise%20plan, from "Contact sales").
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function SupportPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await getPortalSession();
  const query = await searchParams;
  const category = firstOf(query.category);
  const defaultCategory = ticketCategories.find((known) => known === category);
  const defaultSubject = firstOf(query.subject)?.slice(0, 200);
  return (
    <QueryProvider>
      <div className="mx-auto w-full max-w-3xl space-y-8 px-4 py-10 sm:px-6 sm:py-14">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Contact support</h1>
          <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            Tell us what is wrong and a person will answer by email. You do not need to be signed in.
          </p>
        </div>
        <section
          aria-label="New ticket"
          className="rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
        >
          <SupportForm
            signedIn={Boolean(session)}
            defaultEmail={session?.user.email}
            defaultName={session?.user.name ?? undefined}
            defaultCategory={defaultCategory}
            defaultSubject={defaultSubject}
          />
        </section>
        {session ? (
          <section
            aria-labelledby="your-tickets"
            className="rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
          >
            <h2
              id="your-tickets"
              className="border-b border-zinc-200 px-6 py-4 text-base font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white"
            >
              Your tickets
            </h2>
            <TicketList />
          </section>
        ) : null}
      </div>
    </QueryProvider>
  );
}
