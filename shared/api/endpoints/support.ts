import { paginationQuery } from "@/shared/schemas/pagination";
import { openTicketBody, supportTicketPageSchema, supportTicketSchema } from "@/shared/schemas/support";
import { defineEndpoint } from "../endpoint";

export const openSupportTicket = defineEndpoint({
  method: "POST",
  path: "/support",
  operationId: "openSupportTicket",
  access: "public",
  summary: "Open a support ticket",
  description:
    "Works signed out. With a valid bearer token the ticket is linked to the account (an invalid token is 401, a missing one is fine). An acknowledgement carrying only the reference is emailed to `email`. Limited to 5 tickets per hour per IP; acknowledgements are limited per recipient address too.",
  tag: "Support",
  auth: "optional-bearer",
  rateLimit: { perIp: "supportTickets" },
  body: openTicketBody,
  response: supportTicketSchema,
  message: "Ticket opened. We emailed you its reference.",
});

export const listSupportTickets = defineEndpoint({
  method: "GET",
  path: "/support/tickets",
  operationId: "listSupportTickets",
  access: "settings:read",
  summary: "The signed-in account's support tickets, newest first",
  tag: "Support",
  auth: "bearer",
  query: paginationQuery,
  response: supportTicketPageSchema,
  message: "OK",
});
