import { afterEach, describe, expect, it, vi } from "vitest";

async function load(secret = "unit-test-secret-unit-test-secret-0123") {
  vi.resetModules();
  vi.stubEnv("AUTH_SECRET", secret);
  vi.stubEnv("APP_URL", "https://app.example.com");
  return import("@/server/services/messages/verp");
}

afterEach(() => vi.unstubAllEnvs());

const messageId = "msg_0123456789abcdef01234567";

describe("VERP tokens", () => {
  it("name their message, in lower case, and verify back to it", async () => {
    const { verpToken, verifyVerpToken } = await load();
    const token = verpToken(messageId);
    expect(token).toMatch(/^msg_0123456789abcdef01234567-[0-9a-f]{20}$/);
    expect(verifyVerpToken(token)).toBe(messageId);
  });

  it("survive an MTA that folds the local part to upper case", async () => {
    const { verpToken, verifyVerpToken } = await load();
    expect(verifyVerpToken(verpToken(messageId).toUpperCase())).toBe(messageId);
  });

  it("refuse a forged or altered token", async () => {
    const { verpToken, verifyVerpToken } = await load();
    const token = verpToken(messageId);
    const other = "msg_0123456789abcdef01234568";
    // Another message's id with this message's MAC.
    expect(verifyVerpToken(`${other}-${token.split("-")[1]}`)).toBeNull();
    // One digit of the MAC changed.
    const flipped = token.slice(0, -1) + (token.endsWith("0") ? "1" : "0");
    expect(verifyVerpToken(flipped)).toBeNull();
    expect(verifyVerpToken(`${messageId}-`)).toBeNull();
    expect(verifyVerpToken(`${token}x`)).toBeNull();
    expect(verifyVerpToken("postmaster")).toBeNull();
    expect(verifyVerpToken("")).toBeNull();
  });

  it("depend on the secret: another installation's token does not verify here", async () => {
    const theirs = (await load("another-secret-another-secret-another-1")).verpToken(messageId);
    const { verifyVerpToken, verpToken } = await load();
    expect(verpToken(messageId)).not.toBe(theirs);
    expect(verifyVerpToken(theirs)).toBeNull();
  });
});

describe("return-path addresses", () => {
  it("use ces-bounces.<domain> for a customer's domain and the service's bounce domain for the test sender", async () => {
    const { verpAddress, verpToken } = await load();
    expect(verpAddress({ id: messageId, domainId: "dom_1", fromDomain: "shop.example.net" }, "a@x.example")).toBe(
      `${verpToken(messageId, "a@x.example")}@ces-bounces.shop.example.net`,
    );
    expect(verpAddress({ id: messageId, domainId: null, fromDomain: "app.example.com" }, "a@x.example")).toBe(
      `${verpToken(messageId, "a@x.example")}@bounces.app.example.com`,
    );
  });

  it("name one recipient: the token verifies for that recipient only, and not as a message-wide token", async () => {
    const { verpToken, verifyRecipientToken, verifyVerpToken } = await load();
    const token = verpToken(messageId, "Ada@Example.org");
    expect(verifyRecipientToken(token, ["grace@example.org", "ada@example.org"])).toBe("ada@example.org");
    expect(verifyRecipientToken(token.toUpperCase(), ["ADA@example.org"])).toBe("ada@example.org");
    expect(verifyRecipientToken(token, ["grace@example.org"])).toBeNull();
    expect(verifyVerpToken(token)).toBeNull();
    // A message-wide token (handed off before) is not one of a recipient.
    expect(verifyRecipientToken(verpToken(messageId), ["ada@example.org"])).toBeNull();
    expect(token).not.toBe(verpToken(messageId, "grace@example.org"));
  });
});
