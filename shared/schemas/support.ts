// Support tickets (docs/api.md): what a person sends and what they get back.
import { z } from "zod";
import { emailSchema } from "./account";
import { ticketCategories, ticketPriorities } from "@/shared/ticket-kinds";
import { paginationSchema } from "./pagination";

export const openTicketBody = z
  .strictObject({
    name: z.string().trim().max(100, "Name must be at most 100 characters").optional(),
    email: emailSchema,
    subject: z.string().trim().min(1, "Subject is required").max(200, "Subject must be at most 200 characters"),
    category: z.enum(ticketCategories).default("other"),
    message: z.string().trim().min(1, "Message is required").max(10_000, "Message must be at most 10,000 characters"),
    priority: z.enum(ticketPriorities).default("normal"),
  })
  .meta({ id: "OpenSupportTicketRequest" });

export type OpenTicketInput = z.infer<typeof openTicketBody>;

export const supportTicketSchema = z
  .object({
    ticketId: z.string(),
    reference: z.string().meta({ example: "SUP-7K3QXM" }),
    status: z.enum(["open", "pending", "resolved", "closed"]),
    name: z.string().nullable(),
    email: z.string(),
    subject: z.string(),
    category: z.enum(ticketCategories),
    message: z.string(),
    priority: z.enum(ticketPriorities),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "SupportTicket" });

export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportTicketPageSchema = z
  .object({ items: z.array(supportTicketSchema), pagination: paginationSchema })
  .meta({ id: "SupportTicketPage" });
