import { afterEach, describe, expect, it, vi } from "vitest";

async function load(keys: string) {
  vi.resetModules();
  vi.stubEnv("ENCRYPTION_KEYS", keys);
  return import("@/server/security/encryption");
}

afterEach(() => vi.unstubAllEnvs());

const k1 = `k1:${"1".repeat(64)}`;
const k2 = `k2:${"2".repeat(64)}`;

describe("encryptSecret / decryptSecret", () => {
  it("round-trips, with a fresh IV each time and the key id in the clear", async () => {
    const { encryptSecret, decryptSecret } = await load(k1);
    const first = encryptSecret("hunter2-but-longer", "acc_1");
    const second = encryptSecret("hunter2-but-longer", "acc_1");
    expect(first).not.toBe(second);
    expect(first.startsWith("v1.k1.")).toBe(true);
    expect(first).not.toContain("hunter2");
    expect(decryptSecret(first, "acc_1")).toBe("hunter2-but-longer");
  });

  it("refuses a ciphertext moved to another owner or tampered with", async () => {
    const { encryptSecret, decryptSecret } = await load(k1);
    const sealed = encryptSecret("secret", "acc_1");
    expect(() => decryptSecret(sealed, "acc_2")).toThrow();
    const parts = sealed.split(".");
    parts[4] = Buffer.from("other").toString("base64url");
    expect(() => decryptSecret(parts.join("."), "acc_1")).toThrow();
  });

  it("decrypts with an older key after rotation and encrypts with the new one", async () => {
    const old = await load(k1);
    const sealed = old.encryptSecret("rotate me");
    const rotated = await load(`${k2},${k1}`);
    expect(rotated.decryptSecret(sealed)).toBe("rotate me");
    expect(rotated.encryptSecret("new").startsWith("v1.k2.")).toBe(true);
    const retired = await load(k2);
    expect(() => retired.decryptSecret(sealed)).toThrow(/k1/);
  });
});
