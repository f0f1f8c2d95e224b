import { z } from "zod";
import { authPayloadSchema } from "@/shared/schemas/auth";
import {
  acceptInvitationBody,
  accountMembershipSchema,
  changeMemberRoleBody,
  invitationIdParams,
  invitationSchema,
  inviteMemberBody,
  memberIdParams,
  memberSchema,
  membershipAccountParams,
  membershipSchema,
  switchAccountBody,
} from "@/shared/schemas/teams";
import { defineEndpoint } from "../endpoint";

export const inviteMember = defineEndpoint({
  method: "POST",
  path: "/account/members/invitations",
  operationId: "inviteMember",
  access: "members:write",
  summary: "Invite someone to the account with a role",
  description:
    "Emails a single-use link that works for 7 days. Inviting the same address again replaces its pending invitation. Nobody may invite a role above their own. Limited per account and per invited address.",
  tag: "Team",
  auth: "bearer",
  body: inviteMemberBody,
  response: invitationSchema,
  status: 201,
  message: "Invitation sent",
  errors: ["already_member", "rate_limited"],
});

export const listInvitations = defineEndpoint({
  method: "GET",
  path: "/account/members/invitations",
  operationId: "listInvitations",
  access: "members:read",
  summary: "List pending invitations",
  description: "Invitations not yet accepted, revoked or expired, newest first.",
  tag: "Team",
  auth: "bearer",
  response: z.array(invitationSchema),
  message: "OK",
});

export const revokeInvitation = defineEndpoint({
  method: "DELETE",
  path: "/account/members/invitations/{invitation_id}",
  operationId: "revokeInvitation",
  access: "members:write",
  summary: "Revoke a pending invitation",
  description: "Its link stops working at once.",
  tag: "Team",
  auth: "bearer",
  params: invitationIdParams,
  response: z.null(),
  message: "Invitation revoked",
  errors: ["not_found"],
});

export const acceptInvitation = defineEndpoint({
  method: "POST",
  path: "/account/memberships/accept",
  operationId: "acceptInvitation",
  access: "personal",
  summary: "Accept an invitation",
  description:
    "Signed in as one's own account, whose confirmed email must be the invited address (otherwise 403 `forbidden`). A used, revoked or expired token is 400 `invalid_token`.",
  tag: "Team",
  auth: "bearer",
  body: acceptInvitationBody,
  response: membershipSchema,
  status: 201,
  rateLimit: { perIp: "verificationsPerIp" },
  message: "Invitation accepted",
  errors: ["invalid_token", "already_member"],
});

export const listMembers = defineEndpoint({
  method: "GET",
  path: "/account/members",
  operationId: "listMembers",
  access: "members:read",
  summary: "List the account's members",
  description: "The owner first (role `owner`), then members in the order they joined.",
  tag: "Team",
  auth: "bearer",
  response: z.array(memberSchema),
  message: "OK",
});

export const changeMemberRole = defineEndpoint({
  method: "PATCH",
  path: "/account/members/{member_id}",
  operationId: "changeMemberRole",
  access: "members:write",
  summary: "Change a member's role",
  description:
    "Takes effect on the member's very next request. The owner's role cannot change, and nobody may give a role above their own.",
  tag: "Team",
  auth: "bearer",
  params: memberIdParams,
  body: changeMemberRoleBody,
  response: memberSchema,
  message: "Role changed",
  errors: ["not_found"],
});

export const removeMember = defineEndpoint({
  method: "DELETE",
  path: "/account/members/{member_id}",
  operationId: "removeMember",
  access: "members:write",
  summary: "Remove a member",
  description: "Their sessions in this account end at once; their own account is untouched. The owner cannot be removed.",
  tag: "Team",
  auth: "bearer",
  params: memberIdParams,
  response: z.null(),
  message: "Member removed",
  errors: ["not_found"],
});

export const listMemberships = defineEndpoint({
  method: "GET",
  path: "/auth/memberships",
  operationId: "listMemberships",
  access: "personal",
  summary: "List the accounts one may act in",
  description: "The signed-in person's own account first (role `owner`), then the teams they belong to.",
  tag: "Team",
  auth: "bearer",
  response: z.array(accountMembershipSchema),
  message: "OK",
});

export const switchAccount = defineEndpoint({
  method: "POST",
  path: "/auth/switch",
  operationId: "switchAccount",
  access: "personal",
  summary: "Act in another account",
  description:
    "Answers a new token pair that acts in `accountId` (one's own or a team's) and ends the current session; the sign-in's age and lifetime carry over. A team that requires two-factor refuses a member without it (403 `member_two_factor_required`). An account one does not belong to is 404.",
  tag: "Team",
  auth: "bearer",
  body: switchAccountBody,
  response: authPayloadSchema,
  message: "Switched account",
  errors: ["not_found", "member_two_factor_required"],
});

export const leaveMembership = defineEndpoint({
  method: "DELETE",
  path: "/auth/memberships/{account_id}",
  operationId: "leaveMembership",
  access: "personal",
  summary: "Leave a team",
  description: "Ends one's sessions in that account at once. One's own account cannot be left (409 `conflict`).",
  tag: "Team",
  auth: "bearer",
  params: membershipAccountParams,
  response: z.null(),
  allowedWhileDeletionScheduled: true,
  message: "Left the account",
  errors: ["not_found", "conflict"],
});
