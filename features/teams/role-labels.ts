// The roles as the portal names and explains them (docs/teams.md).
import type { Role } from "@/shared/api/access";
import type { MemberRole } from "@/shared/schemas/teams";

export const roleSummaries: Record<Role, string> = {
  owner: "Everything, including deleting the account",
  admin: "Everything but deleting the account",
  developer: "Sending, domains, API keys, relays, events and mailboxes",
  billing: "Billing and payments; reads the rest",
  viewer: "Reads everything; changes nothing",
};

/** The roles an invitation or a change can give, most privileged first. */
export const givableRoles: readonly MemberRole[] = ["admin", "developer", "billing", "viewer"];
