// Teams against the real server, database and mail sink: invitations by
// email, acceptance, acting in an account, roles taking effect on the next
// request, removal and leaving ending sessions at once.
import { describe, expect, it } from "vitest";
import { createApiKey, listApiKeys } from "@/shared/api/endpoints/api-keys";
import { getMe, refresh } from "@/shared/api/endpoints/auth";
import { listSessions } from "@/shared/api/endpoints/sessions";
import { listActivity, updateSecurityPreferences } from "@/shared/api/endpoints/settings";
import {
  acceptInvitation,
  changeMemberRole,
  inviteMember,
  leaveMembership,
  listInvitations,
  listMembers,
  listMemberships,
  removeMember,
  revokeInvitation,
  switchAccount,
} from "@/shared/api/endpoints/teams";
import { setupTwoFactor, verifyTwoFactor } from "@/shared/api/endpoints/two-factor";
import type { AuthPayload } from "@/shared/schemas/auth";
import { call } from "../support/api-client";
import { emailsTo } from "../support/captured-email";
import { sql } from "../support/database";
import { createAccount, signIn, uniqueEmail } from "../support/factories";
import { TEST_INVITATIONS_PER_ACCOUNT } from "../support/invitation-limit";
import { oathtoolCode } from "../support/oathtool";
import { confirmAddress } from "../support/confirm-address";
import { invitationTokenFor, joinedMember } from "../support/teams";

const invite = (token: string, email: string, role = "viewer") => call(inviteMember, { token, body: { email, role } });

describe("invitations", () => {
  it("emails a single-use link that the invited person accepts once, as their own confirmed account", async () => {
    const owner = await createAccount();
    const invitee = await createAccount();
    await confirmAddress(invitee);

    const invited = await invite(owner.accessToken, invitee.email.toUpperCase(), "developer");
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ email: invitee.email, role: "developer", invitedByEmail: owner.email });
    const expiresIn = new Date(invited.body.data.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);
    expect((await call(listInvitations, { token: owner.accessToken })).body.data.map((entry) => entry.id)).toEqual([invited.body.data.id]);

    const token = await invitationTokenFor(invitee.email);
    // Only a keyed hash is stored.
    const [stored] = await sql<{ token_hash: string }>("select token_hash from account_invitations where id = $1", [invited.body.data.id]);
    expect(stored!.token_hash).not.toContain(token);

    const accepted = await call(acceptInvitation, { token: invitee.accessToken, body: { token } });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data).toEqual({ accountId: owner.user.id, role: "developer" });

    const again = await call(acceptInvitation, { token: invitee.accessToken, body: { token } });
    expect(again.status).toBe(400);
    expect(again.error?.code).toBe("invalid_token");

    const members = (await call(listMembers, { token: owner.accessToken })).body.data;
    expect(members.map((member) => [member.email, member.role])).toEqual([
      [owner.email, "owner"],
      [invitee.email, "developer"],
    ]);
    expect(members[0]!.id).toBe(owner.user.id);
    expect((await call(listInvitations, { token: owner.accessToken })).body.data).toEqual([]);
  });

  it("refuses another address, an unconfirmed one, and a revoked or expired link, and the invitation stays as it was", async () => {
    const owner = await createAccount();
    const invitedEmail = uniqueEmail("invited");
    const invited = await invite(owner.accessToken, invitedEmail);
    const token = await invitationTokenFor(invitedEmail);

    const stranger = await createAccount();
    await confirmAddress(stranger);
    const wrongPerson = await call(acceptInvitation, { token: stranger.accessToken, body: { token } });
    expect(wrongPerson.status).toBe(403);
    expect(wrongPerson.error?.code).toBe("forbidden");

    const unconfirmed = await createAccount({ email: invitedEmail });
    const notProven = await call(acceptInvitation, { token: unconfirmed.accessToken, body: { token } });
    expect(notProven.status).toBe(403);
    expect(notProven.body.message).toMatch(/confirm your email/i);
    expect((await call(listInvitations, { token: owner.accessToken })).body.data).toHaveLength(1);
    expect((await call(listMembers, { token: owner.accessToken })).body.data).toHaveLength(1);

    await confirmAddress(unconfirmed);
    await sql("update account_invitations set expires_at = now() - interval '1 second' where id = $1", [invited.body.data.id]);
    expect((await call(acceptInvitation, { token: unconfirmed.accessToken, body: { token } })).error?.code).toBe("invalid_token");

    // A new invitation replaces the old; revoked, its link is dead too.
    const second = await invite(owner.accessToken, invitedEmail);
    const secondToken = await invitationTokenFor(invitedEmail, 2);
    expect((await call(revokeInvitation, { token: owner.accessToken, params: { invitation_id: second.body.data.id } })).status).toBe(200);
    expect((await call(acceptInvitation, { token: unconfirmed.accessToken, body: { token: secondToken } })).error?.code).toBe(
      "invalid_token",
    );
    expect((await call(acceptInvitation, { token: unconfirmed.accessToken, body: { token: "made-up" } })).error?.code).toBe(
      "invalid_token",
    );
    expect((await call(listMembers, { token: owner.accessToken })).body.data).toHaveLength(1);
  });

  it("inviting an address again leaves only the newest link working", async () => {
    const owner = await createAccount();
    const invitee = await createAccount();
    await confirmAddress(invitee);
    await invite(owner.accessToken, invitee.email);
    // Each link read before the next is sent: emails that arrive together have no order.
    const first = await invitationTokenFor(invitee.email, 1);
    await invite(owner.accessToken, invitee.email, "billing");
    const second = await invitationTokenFor(invitee.email, 2);
    expect((await call(listInvitations, { token: owner.accessToken })).body.data.map((entry) => entry.role)).toEqual(["billing"]);
    expect((await call(acceptInvitation, { token: invitee.accessToken, body: { token: first } })).error?.code).toBe("invalid_token");
    expect((await call(acceptInvitation, { token: invitee.accessToken, body: { token: second } })).body.data.role).toBe("billing");
  });

  it("refuses to invite the owner or a member (409), a bad address or the owner role (400), and callers without a session (401)", async () => {
    const owner = await createAccount();
    const member = await joinedMember(owner, "viewer");
    expect((await invite(owner.accessToken, owner.email)).error?.code).toBe("already_member");
    expect((await invite(owner.accessToken, member.email)).error?.code).toBe("already_member");
    const bad = await invite(owner.accessToken, "not-an-address", "owner");
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.map((error) => error.path).sort()).toEqual(["email", "role"]);
    expect((await call(inviteMember, { body: { email: uniqueEmail(), role: "viewer" } })).status).toBe(401);
    expect((await call(listInvitations)).status).toBe(401);
    expect((await call(acceptInvitation, { body: { token: "x" } })).status).toBe(401);
  });

  it("answers 404 for another account's invitation, and leaves it pending", async () => {
    const [owner, other] = await Promise.all([createAccount(), createAccount()]);
    const invited = await invite(owner.accessToken, uniqueEmail());
    const response = await call(revokeInvitation, { token: other.accessToken, params: { invitation_id: invited.body.data.id } });
    expect(response.status).toBe(404);
    expect((await call(listInvitations, { token: owner.accessToken })).body.data).toHaveLength(1);
  });

  it("limits invitations per account and per invited address, counted before anything is sent", async () => {
    const owner = await createAccount();
    for (let sent = 0; sent < TEST_INVITATIONS_PER_ACCOUNT; sent++)
      expect((await invite(owner.accessToken, uniqueEmail())).status).toBe(201);
    const flooded = uniqueEmail("flooded");
    const over = await invite(owner.accessToken, flooded);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);

    // One address, invited by many accounts: five a day reach it.
    const senders = await Promise.all(Array.from({ length: 6 }, () => createAccount()));
    const target = uniqueEmail("target");
    const statuses = [];
    for (const sender of senders) statuses.push((await invite(sender.accessToken, target)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    await invitationTokenFor(target, 5);
    expect(emailsTo(flooded)).toEqual([]);
  });
});

describe("acting in an account", () => {
  it("lists one's accounts, switches into a team with a new token pair, and back", async () => {
    const owner = await createAccount();
    const member = await createAccount();
    await confirmAddress(member);
    await invite(owner.accessToken, member.email, "developer");
    await call(acceptInvitation, { token: member.accessToken, body: { token: await invitationTokenFor(member.email) } });

    const memberships = (await call(listMemberships, { token: member.accessToken })).body.data;
    expect(memberships.map((entry) => [entry.accountId, entry.role])).toEqual([
      [member.user.id, "owner"],
      [owner.user.id, "developer"],
    ]);

    const switched = await call(switchAccount, { token: member.accessToken, body: { accountId: owner.user.id } });
    expect(switched.status).toBe(200);
    const inTeam = switched.body.data as AuthPayload;
    const me = (await call(getMe, { token: inTeam.accessToken })).body.data;
    expect(me).toMatchObject({
      id: owner.user.id,
      email: owner.email,
      role: "developer",
      actor: { id: member.user.id, email: member.email },
    });
    // The session switched from has ended.
    expect((await call(getMe, { token: member.accessToken })).status).toBe(401);

    // A refresh keeps acting in the team.
    const refreshed = await call(refresh, { body: { refreshToken: inTeam.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await call(getMe, { token: refreshed.body.data.accessToken })).body.data.role).toBe("developer");

    // Personal operations stay on the person's own account.
    const sessions = (await call(listSessions, { token: refreshed.body.data.accessToken })).body.data;
    expect(sessions).toHaveLength(1);
    expect((await call(listSessions, { token: owner.accessToken })).body.data.map((session) => session.session_id)).not.toContain(
      sessions[0]!.session_id,
    );

    const back = await call(switchAccount, { token: refreshed.body.data.accessToken, body: { accountId: member.user.id } });
    expect((await call(getMe, { token: back.body.data.accessToken })).body.data).toMatchObject({ id: member.user.id, role: "owner" });
  });

  it("answers 404 for an account one does not belong to, and keeps the session", async () => {
    const [person, stranger] = await Promise.all([createAccount(), createAccount()]);
    const response = await call(switchAccount, { token: person.accessToken, body: { accountId: stranger.user.id } });
    expect(response.status).toBe(404);
    expect((await call(getMe, { token: person.accessToken })).status).toBe(200);
    expect((await call(switchAccount, { token: person.accessToken, body: {} })).status).toBe(400);
    expect((await call(switchAccount, { body: { accountId: stranger.user.id } })).status).toBe(401);
    expect((await call(listMemberships)).status).toBe(401);
  });

  it("refuses a member without two-factor where the owner requires it", async () => {
    const owner = await createAccount();
    const member = await createAccount();
    await confirmAddress(member);
    await invite(owner.accessToken, member.email, "viewer");
    await call(acceptInvitation, { token: member.accessToken, body: { token: await invitationTokenFor(member.email) } });
    const required = await call(updateSecurityPreferences, { token: owner.accessToken, body: { requireTwoFactorForMembers: true } });
    expect(required.body.data.requireTwoFactorForMembers).toBe(true);

    const refused = await call(switchAccount, { token: member.accessToken, body: { accountId: owner.user.id } });
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe("member_two_factor_required");

    const setup = await call(setupTwoFactor, { token: member.accessToken });
    await call(verifyTwoFactor, { token: member.accessToken, body: { code: oathtoolCode(setup.body.data.secret, -1) } });
    expect((await call(switchAccount, { token: member.accessToken, body: { accountId: owner.user.id } })).status).toBe(200);
  });
});

describe("roles", () => {
  it("refuses a write to a viewer with the role it needs, and a new role works on the next request", async () => {
    const owner = await createAccount();
    const viewer = await joinedMember(owner, "viewer");
    expect((await call(listApiKeys, { token: viewer.inTeam.accessToken })).status).toBe(200);
    const refused = await call(createApiKey, { token: viewer.inTeam.accessToken, body: { name: "ci" } });
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: "forbidden", requiredRole: "developer" });

    const [entry] = (await call(listMembers, { token: owner.accessToken })).body.data.filter((member) => member.role === "viewer");
    const changed = await call(changeMemberRole, {
      token: owner.accessToken,
      params: { member_id: entry!.id },
      body: { role: "developer" },
    });
    expect(changed.body.data.role).toBe("developer");
    const created = await call(createApiKey, { token: viewer.inTeam.accessToken, body: { name: "ci" } });
    expect(created.status).toBe(201);

    // The key belongs to the account; the activity names who made it.
    expect((await call(listApiKeys, { token: owner.accessToken })).body.data.map((key) => key.name)).toContain("ci");
    const activity = (await call(listActivity, { token: owner.accessToken })).body.data.items;
    expect(activity.find((item) => item.type === "api_key.created")?.actorEmail).toBe(viewer.email);
    expect(activity.find((item) => item.type === "team.member_role_changed")?.actorEmail).toBe(owner.email);
  });

  it("lets an admin manage members but never the owner", async () => {
    const owner = await createAccount();
    const admin = await joinedMember(owner, "admin");
    const viewer = await joinedMember(owner, "viewer");
    const token = admin.inTeam.accessToken;
    expect((await call(changeMemberRole, { token, params: { member_id: owner.user.id }, body: { role: "viewer" } })).status).toBe(403);
    expect((await call(removeMember, { token, params: { member_id: owner.user.id } })).status).toBe(403);
    const viewerEntry = (await call(listMembers, { token })).body.data.find((member) => member.email === viewer.email)!;
    expect((await call(removeMember, { token, params: { member_id: viewerEntry.id } })).status).toBe(200);
    expect((await invite(token, uniqueEmail(), "admin")).status).toBe(201);
  });

  it("answers 404 for another account's member, and 400 for a role that is not one", async () => {
    const [owner, other] = await Promise.all([createAccount(), createAccount()]);
    await joinedMember(owner, "viewer");
    const entry = (await call(listMembers, { token: owner.accessToken })).body.data[1]!;
    expect((await call(removeMember, { token: other.accessToken, params: { member_id: entry.id } })).status).toBe(404);
    expect(
      (await call(changeMemberRole, { token: other.accessToken, params: { member_id: entry.id }, body: { role: "admin" } })).status,
    ).toBe(404);
    expect(
      (await call(changeMemberRole, { token: owner.accessToken, params: { member_id: entry.id }, body: { role: "owner" } })).status,
    ).toBe(400);
    expect((await call(listMembers, { token: owner.accessToken })).body.data[1]!.role).toBe("viewer");
    expect((await call(listMembers)).status).toBe(401);
  });
});

describe("ending membership", () => {
  it("removal ends the member's sessions in the account at once, refresh included; their own account is untouched", async () => {
    const owner = await createAccount();
    const member = await joinedMember(owner, "developer");
    const entry = (await call(listMembers, { token: owner.accessToken })).body.data.find((person) => person.email === member.email)!;
    expect((await call(removeMember, { token: owner.accessToken, params: { member_id: entry.id } })).status).toBe(200);
    expect((await call(getMe, { token: member.inTeam.accessToken })).status).toBe(401);
    expect((await call(refresh, { body: { refreshToken: member.inTeam.refreshToken } })).status).toBe(401);
    const own = await signIn(member);
    expect((await call(getMe, { token: own.accessToken })).body.data.id).toBe(member.user.id);
    expect((await call(switchAccount, { token: own.accessToken, body: { accountId: owner.user.id } })).status).toBe(404);
  });

  it("leaving a team ends one's sessions there; one's own account cannot be left", async () => {
    const owner = await createAccount();
    const member = await joinedMember(owner, "billing");
    const own = await signIn(member);
    const ownSelf = await call(leaveMembership, { token: own.accessToken, params: { account_id: member.user.id } });
    expect(ownSelf.status).toBe(409);
    expect(ownSelf.error?.code).toBe("conflict");
    expect((await call(leaveMembership, { token: own.accessToken, params: { account_id: owner.user.id } })).status).toBe(200);
    expect((await call(getMe, { token: member.inTeam.accessToken })).status).toBe(401);
    expect((await call(listMembers, { token: owner.accessToken })).body.data).toHaveLength(1);
    expect((await call(leaveMembership, { token: own.accessToken, params: { account_id: owner.user.id } })).status).toBe(404);
    const activity = (await call(listActivity, { token: owner.accessToken })).body.data.items;
    expect(activity.find((item) => item.type === "team.member_left")?.actorEmail).toBe(member.email);
  });
});
