// Members, invitations and memberships (docs/teams.md).
import { z } from "zod";
import { roles } from "@/shared/api/access";
import { emailSchema } from "./account";

/** The roles a member can be given; `owner` is the account itself. */
export const memberRoles = ["admin", "developer", "billing", "viewer"] as const;
export type MemberRole = (typeof memberRoles)[number];
const memberRoleSchema = z.enum(memberRoles, { error: "Choose admin, developer, billing or viewer" });

export const inviteMemberBody = z.strictObject({ email: emailSchema, role: memberRoleSchema }).meta({ id: "InviteMemberRequest" });

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(memberRoles),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    invitedByEmail: z.string().nullable().meta({ description: "Who sent it; null once their account is gone." }),
  })
  .meta({ id: "Invitation" });

export const invitationIdParams = z.object({ invitation_id: z.string().max(64) });

export const acceptInvitationBody = z
  .strictObject({ token: z.string().trim().min(1, "The invitation token is missing").max(128) })
  .meta({ id: "AcceptInvitationRequest" });

export const membershipSchema = z.object({ accountId: z.string(), role: z.enum(memberRoles) }).meta({ id: "Membership" });

export const memberSchema = z
  .object({
    id: z.string().meta({ description: "The membership's id; the owner's entry has the account's id." }),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(roles),
    createdAt: z.iso.datetime(),
    lastActiveAt: z.iso.datetime().nullable().meta({ description: "Their latest request acting in this account; null: none yet." }),
  })
  .meta({ id: "Member" });

export const memberIdParams = z.object({ member_id: z.string().max(64) });

export const changeMemberRoleBody = z.strictObject({ role: memberRoleSchema }).meta({ id: "ChangeMemberRoleRequest" });

export const accountMembershipSchema = z
  .object({
    accountId: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    role: z.enum(roles),
  })
  .meta({ id: "AccountMembership" });

export const switchAccountBody = z.strictObject({ accountId: z.string().trim().min(1).max(64) }).meta({ id: "SwitchAccountRequest" });

export const membershipAccountParams = z.object({ account_id: z.string().max(64) });
