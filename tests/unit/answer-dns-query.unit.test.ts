// The development DNS's answers, packet by packet (dns-packet on both sides):
// authoritative for its names, REFUSED for the rest (the lookup then asks the
// system's resolvers), SERVFAIL when the database cannot be read (a check's
// "could not find out", never "missing"), truncated over UDP when too large.
import dnsPacket from "dns-packet";
import { describe, expect, it } from "vitest";
import { answerDnsQuery } from "@/server/dev-dns/answer-dns-query";
import type { ServedName } from "@/server/dev-dns/find-served-records";

const zone: Record<string, ServedName> = {
  "shop.example.com": {
    records: [
      { type: "TXT", value: "v=spf1 include:_spf.localhost ~all" },
      { type: "MX", value: "localhost", priority: 10 },
    ],
  },
  "ces-bounces.shop.example.com": { records: [{ type: "CNAME", value: "bounces.localhost" }] },
  "big._domainkey.shop.example.com": { records: [{ type: "TXT", value: `v=DKIM1; k=rsa; p=${"A".repeat(1200)}` }] },
  "nothing.shop.example.com": { records: [] },
};
const find = async (name: string) => zone[name.toLowerCase()] ?? null;

async function ask(name: string, type: dnsPacket.RecordType, transport: "udp" | "tcp" = "udp", finder = find) {
  const query = dnsPacket.encode({ type: "query", id: 7, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type, name }] });
  const reply = await answerDnsQuery(query, finder, transport);
  return dnsPacket.decode(reply!);
}

describe("answerDnsQuery", () => {
  it("answers its names authoritatively, by type; a CNAME answers every type", async () => {
    const txt = await ask("shop.example.com", "TXT");
    expect(txt.rcode).toBe("NOERROR");
    expect(txt.flag_aa).toBe(true);
    expect(txt.answers?.map((answer) => (answer.data as Buffer[]).join(""))).toEqual(["v=spf1 include:_spf.localhost ~all"]);
    expect((await ask("shop.example.com", "MX")).answers?.map((answer) => answer.data)).toEqual([
      { preference: 10, exchange: "localhost" },
    ]);
    expect((await ask("ces-bounces.shop.example.com", "TXT")).answers?.map((answer) => [answer.type, answer.data])).toEqual([
      ["CNAME", "bounces.localhost"],
    ]);
    expect((await ask("shop.example.com", "A")).answers).toEqual([]);
  });

  it("says NXDOMAIN below its domains, REFUSED outside them, SERVFAIL when the records cannot be read", async () => {
    expect((await ask("nothing.shop.example.com", "TXT")).rcode).toBe("NXDOMAIN");
    const outside = await ask("example.org", "TXT");
    expect(outside.rcode).toBe("REFUSED");
    expect(outside.flag_aa).toBe(false);
    const broken = await ask("shop.example.com", "TXT", "udp", () => Promise.reject(new Error("database down")));
    expect(broken.rcode).toBe("SERVFAIL");
  });

  it("truncates an answer larger than 512 bytes over UDP, and sends it whole over TCP", async () => {
    const overUdp = await ask("big._domainkey.shop.example.com", "TXT", "udp");
    expect(overUdp.flag_tc).toBe(true);
    expect(overUdp.answers).toEqual([]);
    const overTcp = await ask("big._domainkey.shop.example.com", "TXT", "tcp");
    expect((overTcp.answers![0]!.data as Buffer[]).join("")).toHaveLength(1200 + "v=DKIM1; k=rsa; p=".length);
  });

  it("drops what is not a DNS message", async () => {
    expect(await answerDnsQuery(Buffer.from("hello"), find, "udp")).toBeNull();
  });
});
