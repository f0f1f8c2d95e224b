"use client";
// The account's members and pending invitations through the BFF.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { changeMemberRole, inviteMember, listInvitations, listMembers, removeMember, revokeInvitation } from "@/shared/api/endpoint-refs";
import type { MemberRole } from "@/shared/schemas/teams";

const membersKey = ["team", "members"] as const;
const invitationsKey = ["team", "invitations"] as const;

export const useMembers = () => useQuery({ queryKey: membersKey, queryFn: ({ signal }) => portalFetch(listMembers, { signal }) });

export const useInvitations = () =>
  useQuery({ queryKey: invitationsKey, queryFn: ({ signal }) => portalFetch(listInvitations, { signal }) });

function useTeamMutation<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["team"] }),
  });
}

export const useInviteMember = () => useTeamMutation((body: { email: string; role: MemberRole }) => portalFetch(inviteMember, { body }));

export const useRevokeInvitation = () =>
  useTeamMutation((invitationId: string) => portalFetch(revokeInvitation, { params: { invitation_id: invitationId } }));

export const useChangeMemberRole = () =>
  useTeamMutation(({ memberId, role }: { memberId: string; role: MemberRole }) =>
    portalFetch(changeMemberRole, { params: { member_id: memberId }, body: { role } }),
  );

export const useRemoveMember = () => useTeamMutation((memberId: string) => portalFetch(removeMember, { params: { member_id: memberId } }));
