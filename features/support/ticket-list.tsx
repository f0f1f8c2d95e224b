"use client";
// The signed-in account's tickets (GET /support/tickets), newest first.
import { Badge } from "@/components/badge";
import { useState } from "react";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/button";
import { formatDateTime } from "@/components/format-time";
import type { SupportTicket } from "@/shared/schemas/support";
import { categoryLabels, statusLabels } from "./ticket-labels";
import { useSupportTickets } from "./use-support";

export function TicketList() {
  const [page, setPage] = useState(1);
  const tickets = useSupportTickets(page);

  return (
    <QueryState
      query={tickets}
      what="your tickets"
      className="px-6 py-8"
      empty={<p>You have not opened any tickets while signed in.</p>}
      isEmpty={(data) => data.pagination.total === 0}
    >
      {({ items, pagination }) => (
        <div>
          <ul
            aria-busy={tickets.isPlaceholderData || undefined}
            className="divide-y divide-zinc-200 dark:divide-zinc-800"
            aria-label="Your tickets"
          >
            {items.map((ticket) => (
              <TicketRow key={ticket.ticketId} ticket={ticket} />
            ))}
          </ul>
          {pagination.totalPages > 1 ? (
            <nav
              aria-label="Ticket pages"
              className="flex items-center justify-between border-t border-zinc-200 px-6 py-3 dark:border-zinc-800"
            >
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
                Page {pagination.page} of {pagination.totalPages}
              </p>
              <Button variant="secondary" size="sm" disabled={page >= pagination.totalPages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </QueryState>
  );
}

function TicketRow({ ticket }: { ticket: SupportTicket }) {
  return (
    <li className="flex flex-col gap-1 px-6 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <p className="truncate font-medium text-zinc-900 dark:text-white">{ticket.subject}</p>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="font-mono">{ticket.reference}</span> · {categoryLabels[ticket.category]} ·{" "}
          <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
        </p>
      </div>
      <Badge className="shrink-0 self-start">{statusLabels[ticket.status]}</Badge>
    </li>
  );
}
