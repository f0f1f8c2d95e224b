// Who may call an operation (docs/teams.md). Every endpoint declares its
// `access` beside its schema; the route wrapper checks it against the caller's
// role in the account the session acts in, for the API and the portal alike.

/** A person's role in an account; the account's own person is its `owner`. */
export const roles = ["owner", "admin", "developer", "billing", "viewer"] as const;
export type Role = (typeof roles)[number];

/** The parts of an account a role is given reading or changing. */
export const accessAreas = ["sending", "hosting", "billing", "settings", "members"] as const;
export type AccessArea = (typeof accessAreas)[number];

export type Permission = `${AccessArea}:${"read" | "write"}` | "account:delete";

/**
 * - `public`: no account (signing in, health, plans, payment providers' notifications).
 * - `personal`: the signed-in person's own sign-in (their sessions, password, two-factor), whichever account they act in.
 * - a permission: an operation on the account, allowed to the roles granted it.
 */
export type Access = "public" | "personal" | Permission;

/** Whether the access is a permission on the account, which roles are granted or refused. */
export const isPermission = (access: Access): access is Permission => access !== "public" && access !== "personal";

const reads: Permission[] = ["sending:read", "hosting:read", "billing:read", "settings:read", "members:read"];

/** What each role may do. */
export const grants: Record<Role, readonly Permission[]> = {
  owner: [...reads, "sending:write", "hosting:write", "billing:write", "settings:write", "members:write", "account:delete"],
  admin: [...reads, "sending:write", "hosting:write", "billing:write", "settings:write", "members:write"],
  developer: ["sending:read", "sending:write", "hosting:read", "hosting:write", "settings:read"],
  billing: [...reads, "billing:write"],
  viewer: reads,
};

export const isGranted = (role: Role, permission: Permission): boolean => grants[role].includes(permission);

/** Least-privileged first: the role a refusal names as the one needed. */
const byPrivilege: readonly Role[] = ["viewer", "billing", "developer", "admin", "owner"];

/** The least-privileged role granted the permission (what a 403 answers in `data.requiredRole`). */
export function requiredRole(permission: Permission): Role {
  return byPrivilege.find((role) => isGranted(role, permission))!;
}

/** Whether some role is refused the access (the operation can answer 403 `forbidden` for a role). */
export const isRefusedToSomeRole = (access: Access): access is Permission =>
  isPermission(access) && roles.some((role) => !isGranted(role, access));

/** Whether someone with `granter`'s role may give `role` (invite with it, or change a member to it): never above their own. */
export const mayGrant = (granter: Role, role: Role): boolean => byPrivilege.indexOf(role) <= byPrivilege.indexOf(granter);
