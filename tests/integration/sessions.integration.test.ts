import { describe, expect, it } from "vitest";
import { getMe } from "@/shared/api/endpoints/auth";
import { listSessions, revokeAllSessions, revokeSession } from "@/shared/api/endpoints/sessions";
import { call, request } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, signIn } from "../support/factories";
import { decodeClaims } from "../support/tokens";

const sessionIdOf = (accessToken: string) => decodeClaims(accessToken).sid as string;

describe("GET /auth/sessions", () => {
  it("lists the account's live sessions with the current one marked", async () => {
    const account = await createAccount();
    const other = await signIn(account);
    const response = await call(listSessions, { token: account.accessToken });
    expect(response.status).toBe(200);
    const sessions = response.body.data;
    expect(sessions).toHaveLength(2);
    expect(sessions.find((session) => session.isCurrent)!.session_id).toBe(sessionIdOf(account.accessToken));
    expect(sessions.find((session) => !session.isCurrent)).toMatchObject({
      session_id: sessionIdOf(other.accessToken),
      userAgent: "second-device",
    });
  });

  it("never shows another account's sessions", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const response = await call(listSessions, { token: bob.accessToken });
    expect(response.body.data.map((session) => session.session_id)).not.toContain(sessionIdOf(alice.accessToken));
  });

  it("answers 401 without a token", async () => {
    expect((await call(listSessions)).status).toBe(401);
  });
});

describe("DELETE /auth/sessions/{session_id}", () => {
  it("revokes another device; its very next request fails", async () => {
    const account = await createAccount();
    const other = await signIn(account);
    const response = await call(revokeSession, { token: account.accessToken, params: { session_id: sessionIdOf(other.accessToken) } });
    expect(response.status).toBe(200);
    expect((await call(getMe, { token: other.accessToken })).status).toBe(401);
    expect((await call(getMe, { token: account.accessToken })).status).toBe(200);
    const [event] = await sql<{ metadata: { sessionId: string } }>(
      "select metadata from activity_events where account_id = $1 and type = 'session.revoked'",
      [account.user.id],
    );
    expect(event!.metadata.sessionId).toBe(sessionIdOf(other.accessToken));
  });

  it("answers 404 for another account's session, and leaves it alone", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    const response = await call(revokeSession, { token: bob.accessToken, params: { session_id: sessionIdOf(alice.accessToken) } });
    expect(response.status).toBe(404);
    expect(response.error?.code).toBe("not_found");
    expect((await call(getMe, { token: alice.accessToken })).status).toBe(200);
  });

  it.each(["ses_doesnotexist", "not-even-an-id", "%00"])("answers 404 for an unknown id %s", async (sessionId) => {
    const account = await createAccount();
    expect((await call(revokeSession, { token: account.accessToken, params: { session_id: sessionId } })).status).toBe(404);
  });

  it("answers 404 for an already revoked session, and treats the current one as sign-out", async () => {
    const account = await createAccount();
    const other = await signIn(account);
    await call(revokeSession, { token: account.accessToken, params: { session_id: sessionIdOf(other.accessToken) } });
    expect((await call(revokeSession, { token: account.accessToken, params: { session_id: sessionIdOf(other.accessToken) } })).status).toBe(
      404,
    );
    const self = await call(revokeSession, { token: account.accessToken, params: { session_id: sessionIdOf(account.accessToken) } });
    expect(self.status).toBe(200);
    expect((await call(getMe, { token: account.accessToken })).status).toBe(401);
  });

  it("answers 401 without a token", async () => {
    expect((await call(revokeSession, { params: { session_id: "ses_x" } })).status).toBe(401);
  });
});

describe("POST /auth/sessions/revoke-all", () => {
  it("revokes every other session and keeps the current one", async () => {
    const account = await createAccount();
    const others = await Promise.all([signIn(account), signIn(account)]);
    const response = await call(revokeAllSessions, { token: account.accessToken, body: {} });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ revoked: 2 });
    for (const other of others) expect((await call(getMe, { token: other.accessToken })).status).toBe(401);
    expect((await call(getMe, { token: account.accessToken })).status).toBe(200);
    const listed = await call(listSessions, { token: account.accessToken });
    expect(listed.body.data).toHaveLength(1);
  });

  it("accepts { confirm: true } and refuses { confirm: false } without revoking anything", async () => {
    const account = await createAccount();
    const other = await signIn(account);
    const refused = await call(revokeAllSessions, { token: account.accessToken, body: { confirm: false } });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe("confirmation_required");
    expect((await call(getMe, { token: other.accessToken })).status).toBe(200);
    expect((await call(revokeAllSessions, { token: account.accessToken, body: { confirm: true } })).body.data).toEqual({ revoked: 1 });
  });

  it("requires a body object", async () => {
    const account = await createAccount();
    const noBody = await request("/auth/sessions/revoke-all", { method: "POST", token: account.accessToken });
    expect(noBody.status).toBe(400);
    const wrongType = await call(revokeAllSessions, { token: account.accessToken, body: { confirm: "yes" } });
    expect(wrongType.status).toBe(400);
  });

  it("answers 401 without a token and never touches another account", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    expect((await call(revokeAllSessions, { body: {} })).status).toBe(401);
    await call(revokeAllSessions, { token: bob.accessToken, body: {} });
    expect((await call(getMe, { token: alice.accessToken })).status).toBe(200);
  });
});
