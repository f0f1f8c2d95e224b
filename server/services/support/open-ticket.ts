// POST /support: stores the ticket and queues its acknowledgement in one
// transaction, so an acknowledged ticket always exists.
import { db } from "@/server/db/client";
import { supportTickets } from "@/server/db/schema";
import { queueEmail } from "@/server/notifications/queue-email";
import { supportAcknowledgementEmail } from "@/server/notifications/templates/support-emails";
import { newId } from "@/server/ids";
import { recordActivity } from "@/server/services/activity/record-activity";
import type { AuthContext } from "@/server/services/auth/authenticate-bearer";
import type { ClientInfo } from "@/shared/api/client-info";
import { hitRateLimit } from "@/server/services/rate-limit/consume-rate-limit";
import { policy } from "@/server/services/rate-limit/policies";
import type { OpenTicketInput, SupportTicket } from "@/shared/schemas/support";
import { newTicketReference } from "./ticket-reference";
import { ticketView } from "./ticket-view";

const REFERENCE_ATTEMPTS = 5;

export async function openTicket(input: OpenTicketInput, auth: AuthContext | null, client: ClientInfo): Promise<SupportTicket> {
  // Over the per-recipient limit the ticket is still opened; only the email is skipped.
  const acknowledge = !(await hitRateLimit(policy("supportAcknowledgementsPerEmail"), input.email)).limited;
  return db().transaction(async (tx) => {
    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
      const [row] = await tx
        .insert(supportTickets)
        .values({
          id: newId("tkt"),
          reference: newTicketReference(),
          accountId: auth?.accountId ?? null,
          ...input,
          name: input.name || null,
        })
        .onConflictDoNothing({ target: supportTickets.reference })
        .returning();
      if (!row) continue;
      if (auth) {
        await recordActivity(
          {
            accountId: auth.accountId,
            type: "support.ticket_opened",
            description: `Opened support ticket ${row.reference}`,
            ip: client.ip,
            userAgent: client.userAgent,
            metadata: { reference: row.reference, category: row.category },
          },
          tx,
        );
      }
      if (acknowledge) await queueEmail(supportAcknowledgementEmail(row.email, row.reference), tx);
      return ticketView(row);
    }
    throw new Error("could not find a free support reference");
  });
}
