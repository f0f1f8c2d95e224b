import { describe, expect, it } from "vitest";
import { isPublicAddress } from "@/server/security/public-address";
import { RelayConnectionError } from "@/server/outbound/relay/relay-connection-error";
import { resolveRelayAddress } from "@/server/outbound/relay/resolve-relay-address";
import { isHostNameOrIp } from "@/shared/schemas/smtp-relay";

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.32.0.1", // just outside 172.16/12
    "100.128.0.1", // just outside 100.64/10
    "2606:4700:4700::1111",
    "2a00:1450:4001:82b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("accepts the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ["0.0.0.0", "this network"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "shared address space"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "link-local"],
    ["fd12:3456::1", "unique local"],
    ["fc00::1", "unique local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
    ["0:0:0:0:0:ffff:a00:1", "IPv4-mapped private, long form"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
    ["64:ff9b::10.0.0.1", "NAT64 of a private address"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::7f00:1", "IPv4-compatible loopback, hex form"],
    ["0:0:0:0:0:0:a00:1", "IPv4-compatible private, long form"],
    ["::169.254.169.254", "IPv4-compatible link-local"],
    ["::8.8.8.8", "IPv4-compatible (deprecated: the whole ::/96)"],
    ["not-an-ip", "not an address"],
    ["localhost", "a name, not an address"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe("resolveRelayAddress", () => {
  it.each(["127.0.0.1", "10.0.0.5", "::1", "::127.0.0.1", "localhost", "169.254.169.254"])(
    "refuses %s when private hosts are not allowed",
    async (host) => {
      const attempt = resolveRelayAddress(host, { allowPrivate: false });
      await expect(attempt).rejects.toBeInstanceOf(RelayConnectionError);
      // Only that it is not public: never the address a name resolved to, nor its kind (no DNS oracle for internal names).
      await expect(attempt).rejects.toMatchObject({
        reason: "refused",
        message: `${host} is not a public address; relays must be reachable on the public internet.`,
      });
    },
  );

  it("allows them when RELAY_ALLOW_PRIVATE_HOSTS is on, resolving names once", async () => {
    await expect(resolveRelayAddress("127.0.0.1", { allowPrivate: true })).resolves.toEqual({ address: "127.0.0.1", family: 4 });
    const local = await resolveRelayAddress("localhost", { allowPrivate: true });
    expect(["127.0.0.1", "::1"]).toContain(local.address);
  });

  it("keeps public literals and reports names that do not resolve", async () => {
    await expect(resolveRelayAddress("8.8.8.8", { allowPrivate: false })).resolves.toEqual({ address: "8.8.8.8", family: 4 });
    await expect(resolveRelayAddress("no-such-host.invalid", { allowPrivate: false })).rejects.toMatchObject({ reason: "dns_failure" });
  });
});

describe("isHostNameOrIp", () => {
  it.each(["smtp.example.com", "localhost", "mail-1.example.co.uk", "192.0.2.1", "2001:db8::1", "xn--bcher-kva.example"])(
    "accepts %s",
    (host) => {
      expect(isHostNameOrIp(host)).toBe(true);
    },
  );

  it.each([
    "smtp://smtp.example.com",
    "smtp.example.com:587",
    "smtp example.com",
    "-smtp.example.com",
    "smtp-.example.com",
    "smtp..example.com",
    "300.1.1.1",
    "1.2.3",
    "[::1]",
    "",
    `${"a".repeat(64)}.com`,
  ])("refuses %s", (host) => {
    expect(isHostNameOrIp(host)).toBe(false);
  });
});
