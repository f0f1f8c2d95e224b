// Teams through the public API and the mail sink: an owner invites, the
// invitee proves their address and accepts from the emailed link.
import { expect } from "vitest";
import { acceptInvitation, inviteMember, switchAccount } from "@/shared/api/endpoints/teams";
import type { AuthPayload } from "@/shared/schemas/auth";
import type { MemberRole } from "@/shared/schemas/teams";
import { call } from "./api-client";
import { emailsTo } from "./captured-email";
import { confirmAddress } from "./confirm-address";
import { eventually } from "./poll";
import { createAccount, type TestAccount } from "./factories";

const invitationsTo = (email: string) => emailsTo(email).filter((message) => message.subject.includes(" invited you to "));

/** The token of the `count`-th invitation emailed to an address, read from the link as a person would follow it. */
export async function invitationTokenFor(email: string, count = 1): Promise<string> {
  const received = await eventually(
    () => invitationsTo(email),
    (messages) => messages.length >= count,
    { timeoutMs: 15_000 },
  );
  const message = received[count - 1];
  if (!message) throw new Error(`no invitation #${count} to ${email} within the timeout`);
  const link = /(https?:\/\/\S+\/invitations\/accept#token=[\w%-]+)/.exec(message.text)?.[1];
  if (!link) throw new Error(`no invitation link in the email to ${email}: ${message.subject}`);
  return decodeURIComponent(new URL(link).hash.slice("#token=".length));
}

export type TeamMember = TestAccount & { inTeam: AuthPayload };

/** A fresh person who joins the owner's account with `role`, and a session acting there. */
export async function joinedMember(owner: TestAccount, role: MemberRole): Promise<TeamMember> {
  const member = await createAccount();
  await confirmAddress(member);
  const invited = await call(inviteMember, { token: owner.accessToken, body: { email: member.email, role } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = await invitationTokenFor(member.email);
  const accepted = await call(acceptInvitation, { token: member.accessToken, body: { token } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  const switched = await call(switchAccount, { token: member.accessToken, body: { accountId: owner.user.id } });
  expect(switched.status, JSON.stringify(switched.body)).toBe(200);
  return { ...member, inTeam: switched.body.data as AuthPayload };
}
