// Members and invitations as the API returns them (shared/schemas/teams.ts).
import type { z } from "zod";
import type { Role } from "@/shared/api/access";
import type { invitationSchema, memberSchema } from "@/shared/schemas/teams";
import type { accountInvitations } from "@/server/db/schema";

type InvitationRow = Pick<typeof accountInvitations.$inferSelect, "id" | "email" | "role" | "createdAt" | "expiresAt">;

export function invitationView(row: InvitationRow, invitedByEmail: string | null): z.input<typeof invitationSchema> {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    invitedByEmail,
  };
}

export type MemberRow = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt: Date;
  lastActiveAt: Date | null;
};

export function memberView(row: MemberRow): z.input<typeof memberSchema> {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  };
}
