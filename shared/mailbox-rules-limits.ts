// How much one mailbox's rules document may hold (docs/spam-and-rules.md).
// Kept apart from the zod schemas so the portal's editor can show them
// without loading zod with the page.
export const MAX_FILTERS = 50;
export const MAX_FILTER_CONDITIONS = 20;
export const MAX_FILTER_ACTIONS = 10;
export const MAX_FORWARD_ADDRESSES = 5;
