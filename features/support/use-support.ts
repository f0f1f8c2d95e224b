"use client";
// Support tickets from the portal. Signed in, a ticket goes through the BFF so
// it is linked to the account and listed below the form; signed out it goes
// straight to the public API, which needs no credentials for it.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { portalFetch } from "@/features/api/portal-fetch";
import { publicFetch } from "@/features/api/public-fetch";
import { listSupportTickets, openSupportTicket } from "@/shared/api/endpoint-refs";
import type { openTicketBody } from "@/shared/schemas/support";

export const TICKETS_PAGE_SIZE = 10;

const ticketsKey = ["support", "tickets"] as const;

export function useSupportTickets(page: number) {
  return useQuery({
    queryKey: [...ticketsKey, page],
    queryFn: ({ signal }) => portalFetch(listSupportTickets, { query: { page, limit: TICKETS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOpenTicket(signedIn: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof openTicketBody>) =>
      signedIn ? portalFetch(openSupportTicket, { body }) : publicFetch(openSupportTicket, { body }),
    onSuccess: () => {
      if (signedIn) void queryClient.invalidateQueries({ queryKey: ticketsKey });
    },
  });
}
