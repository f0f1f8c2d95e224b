"use client";
// Who acts where, for the portal's controls: the role the signed-in person has
// in the account the session acts in (GET /auth/me), and whether it grants an
// operation. The API refuses what a role may not do whatever the page shows;
// this only keeps pages from offering it.
import { useMeState } from "@/features/account/account-store";
import { isGranted, type Permission, type Role } from "@/shared/api/access";

export type Acting = {
  /** Unknown until GET /auth/me answers; controls stay enabled meanwhile (the API still decides). */
  role: Role | null;
  /** Whether the session acts in a team, not the person's own account. */
  inTeam: boolean;
  accountLabel: string | null;
  may: (permission: Permission) => boolean;
};

export function useActing(): Acting {
  const me = useMeState().details;
  const role = me?.role ?? null;
  return {
    role,
    inTeam: me ? me.actor.id !== me.id : false,
    accountLabel: me ? (me.name ?? me.email) : null,
    may: (permission) => role === null || isGranted(role, permission),
  };
}

/** Why a control is disabled, in words a member can act on. */
export const refusedBecause = (role: Role | null) =>
  `Your role in this account (${role ?? "unknown"}) does not allow this. Ask the account's owner or an admin.`;
