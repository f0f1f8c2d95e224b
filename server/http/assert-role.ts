// The role step of every operation (docs/teams.md): written once, for every
// door that reaches the API with a session (the API itself, the portal).
import { AppError } from "@/server/errors";
import { type Access, isGranted, isPermission, type Role, requiredRole, roles } from "@/shared/api/access";

/**
 * 403 `forbidden` (with `data.requiredRole`) unless the session's role in the account is granted the
 * operation's access. `role` null: no session (an API key, which its scope limits, or no caller).
 */
export function assertRoleGranted(access: Access, role: Role | null): void {
  if (!isPermission(access) || role === null || isGranted(role, access)) return;
  // Roles are not a ladder (a developer sends but does not read members), so the message names every role that may.
  const allowed = roles.filter((candidate) => isGranted(candidate, access)).join(", ");
  throw new AppError("forbidden", `Your role in this account (${role}) may not do this. Roles that may: ${allowed}.`, {
    data: { requiredRole: requiredRole(access) },
  });
}
