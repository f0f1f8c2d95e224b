// Nobody gives a role above their own: not by inviting, not by changing a member.
import { mayGrant, type Role } from "@/shared/api/access";
import { AppError } from "@/server/errors";

export function assertMayGrant(granter: Role, role: Role): void {
  if (mayGrant(granter, role)) return;
  throw new AppError("forbidden", `Your role (${granter}) may not give the ${role} role, which is above it.`, {
    data: { requiredRole: role },
  });
}
