import { describe, expect, it } from "vitest";
import { resolveClientIp } from "@/server/http/client-ip";

describe("resolveClientIp (docs/configuration.md)", () => {
  it.each([
    {
      name: "no proxies trusted: the peer, whatever X-Forwarded-For says",
      peer: "203.0.113.9",
      xff: "1.2.3.4",
      trusted: [],
      expected: "203.0.113.9",
    },
    {
      name: "untrusted peer spoofing X-Forwarded-For",
      peer: "198.51.100.7",
      xff: "10.0.0.1",
      trusted: ["127.0.0.1"],
      expected: "198.51.100.7",
    },
    {
      name: "trusted proxy: right-most untrusted entry",
      peer: "127.0.0.1",
      xff: "6.6.6.6, 203.0.113.5",
      trusted: ["127.0.0.1"],
      expected: "203.0.113.5",
    },
    {
      name: "chain of trusted proxies is skipped",
      peer: "10.0.0.2",
      xff: "203.0.113.5, 10.0.0.1",
      trusted: ["10.0.0.1", "10.0.0.2"],
      expected: "203.0.113.5",
    },
    { name: "trusted proxy without header: the peer", peer: "127.0.0.1", xff: undefined, trusted: ["127.0.0.1"], expected: "127.0.0.1" },
    {
      name: "IPv4-mapped IPv6 peer is normalised",
      peer: "::ffff:127.0.0.1",
      xff: "203.0.113.8",
      trusted: ["127.0.0.1"],
      expected: "203.0.113.8",
    },
    {
      name: "garbage entries are ignored",
      peer: "127.0.0.1",
      xff: "not-an-ip, 203.0.113.4, <script>",
      trusted: ["127.0.0.1"],
      expected: "203.0.113.4",
    },
    { name: "only trusted entries: the left-most", peer: "127.0.0.1", xff: "127.0.0.1", trusted: ["127.0.0.1"], expected: "127.0.0.1" },
  ])("$name", ({ peer, xff, trusted, expected }) => {
    expect(resolveClientIp(peer, xff, trusted)).toBe(expected);
  });
});
