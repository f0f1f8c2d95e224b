// A support ticket's categories and priorities. Kept apart from the zod schemas
// (shared/schemas/support.ts) so the support form can list them without zod.
export const ticketCategories = ["billing", "technical", "account", "deliverability", "other"] as const;
export const ticketPriorities = ["low", "normal", "high", "urgent"] as const;
