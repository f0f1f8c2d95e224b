// The hand-checked access-token verifier against tokens jose signs: ours must
// pass, and any change to the header, claims or signature must fail.
import { SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { signAccessToken, verifyAccessToken } from "@/server/auth/access-token";
import { setClock } from "@/server/clock";
import { env } from "@/server/config/env";
import { derivedKey } from "@/server/security/crypto";

const claims = { accountId: "acc_123", sessionId: "ses_456" };
const issuedAt = new Date();

type Overrides = { header?: Record<string, string>; payload?: Record<string, unknown>; key?: Uint8Array; exp?: number };

/** A token like ours, with one thing changed. */
function craft({ header = { alg: "HS256", typ: "at+jwt" }, payload = {}, key = derivedKey("access-token"), exp }: Overrides = {}) {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({
    sid: claims.sessionId,
    sub: claims.accountId,
    aud: "customer-email-service:api",
    iss: env().appUrl,
    iat,
    exp: exp ?? iat + 900,
    ...payload,
  })
    .setProtectedHeader(header as { alg: string })
    .sign(key);
}

afterEach(() => setClock(undefined));

describe("access tokens", () => {
  it("accepts what signAccessToken issues, and what an identical crafted token says", async () => {
    const expiresAt = new Date((Math.floor(issuedAt.getTime() / 1000) + 900) * 1000);
    expect(verifyAccessToken(await signAccessToken(claims, issuedAt, "nonce"))).toEqual({ ...claims, expiresAt });
    expect(verifyAccessToken(await craft())).toEqual({ ...claims, expiresAt });
  });

  it("refuses another header: algorithm, type or extra members", async () => {
    expect(verifyAccessToken(await craft({ header: { alg: "HS512", typ: "at+jwt" } }))).toBeNull();
    expect(verifyAccessToken(await craft({ header: { alg: "HS256", typ: "JWT" } }))).toBeNull();
    expect(verifyAccessToken(await craft({ header: { alg: "HS256", typ: "at+jwt", kid: "x" } }))).toBeNull();
    const [, payload, signature] = (await craft()).split(".");
    const none = Buffer.from(JSON.stringify({ alg: "none", typ: "at+jwt" })).toString("base64url");
    expect(verifyAccessToken(`${none}.${payload}.`)).toBeNull();
    expect(verifyAccessToken(`${none}.${payload}.${signature}`)).toBeNull();
  });

  it("refuses another key, a changed payload, a changed or padded signature, and extra parts", async () => {
    expect(verifyAccessToken(await craft({ key: new Uint8Array(32).fill(7) }))).toBeNull();
    const [header, payload, signature] = (await craft()).split(".") as [string, string, string];
    const otherSession = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sid: "ses_other" }),
    ).toString("base64url");
    expect(verifyAccessToken(`${header}.${otherSession}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    expect(verifyAccessToken(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(verifyAccessToken(`${header}.${payload}.${signature}=`)).toBeNull();
    expect(verifyAccessToken(`${header}.${payload}.${signature}.x`)).toBeNull();
    expect(verifyAccessToken("not-a-token")).toBeNull();
  });

  it("refuses other audiences, issuers, missing or mistyped claims", async () => {
    expect(verifyAccessToken(await craft({ payload: { aud: "someone-else" } }))).toBeNull();
    expect(verifyAccessToken(await craft({ payload: { aud: ["customer-email-service:api"] } }))).toBeNull();
    expect(verifyAccessToken(await craft({ payload: { iss: "https://evil.example" } }))).toBeNull();
    expect(verifyAccessToken(await craft({ payload: { sid: undefined } }))).toBeNull();
    expect(verifyAccessToken(await craft({ payload: { sub: 42 } }))).toBeNull();
    expect(verifyAccessToken(await craft({ payload: { iat: "yesterday" } }))).toBeNull();
  });

  it("refuses a token at and after its expiry", async () => {
    const token = await signAccessToken(claims, issuedAt, "nonce");
    const expiry = Math.floor(issuedAt.getTime() / 1000) + 900;
    setClock(() => new Date((expiry - 1) * 1000));
    expect(verifyAccessToken(token)).toEqual({ ...claims, expiresAt: new Date(expiry * 1000) });
    setClock(() => new Date(expiry * 1000));
    expect(verifyAccessToken(token)).toBeNull();
  });
});
