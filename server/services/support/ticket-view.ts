import type { supportTickets } from "@/server/db/schema";
import type { SupportTicket } from "@/shared/schemas/support";

/** A stored ticket as the API returns it (docs/api.md, "Support ticket"). */
export function ticketView(row: typeof supportTickets.$inferSelect): SupportTicket {
  return {
    ticketId: row.id,
    reference: row.reference,
    status: row.status as SupportTicket["status"],
    name: row.name,
    email: row.email,
    subject: row.subject,
    category: row.category as SupportTicket["category"],
    message: row.message,
    priority: row.priority as SupportTicket["priority"],
    createdAt: row.createdAt.toISOString(),
  };
}
