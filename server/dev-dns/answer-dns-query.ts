// One DNS answer of the development DNS (dns-packet does the wire format):
// authoritative for the names findServedRecords knows, REFUSED for any other
// name (the lookup then asks the system's resolvers), SERVFAIL when the
// database cannot be read (a lookup's "could not find out", never "missing").
import dnsPacket from "dns-packet";
import type { ServedName, ServedRecord } from "./find-served-records";

const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
const TTL = 60;

/** A TXT value as DNS holds it: character-strings of at most 255 bytes. */
function txtStrings(value: string): Buffer[] {
  const bytes = Buffer.from(value, "utf8");
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += 255) chunks.push(bytes.subarray(offset, offset + 255));
  return chunks.length > 0 ? chunks : [Buffer.alloc(0)];
}

function toAnswer(name: string, record: ServedRecord): dnsPacket.Answer {
  const base = { name, ttl: TTL, class: "IN" as const };
  switch (record.type) {
    case "TXT":
      return { ...base, type: "TXT", data: txtStrings(record.value) };
    case "CNAME":
      return { ...base, type: "CNAME", data: record.value };
    case "MX":
      return { ...base, type: "MX", data: { preference: record.priority, exchange: record.value } };
    case "SRV":
      return { ...base, type: "SRV", data: { priority: record.priority, weight: record.weight, port: record.port, target: record.value } };
  }
}

/** The records answering `type` at a name: a CNAME owns its name and answers every type. */
function matching(records: ServedRecord[], type: string): ServedRecord[] {
  const cname = records.find((record) => record.type === "CNAME");
  if (cname && type !== "CNAME") return [cname];
  return type === "ANY" ? records : records.filter((record) => record.type === type);
}

/**
 * The reply to a query, or null when it cannot be decoded (dropped, as
 * servers do with garbage). Over UDP, an answer larger than the client
 * accepts is sent truncated and the resolver asks again over TCP.
 */
export async function answerDnsQuery(
  message: Buffer,
  find: (name: string) => Promise<ServedName>,
  transport: "udp" | "tcp",
): Promise<Buffer | null> {
  let query: dnsPacket.DecodedPacket;
  try {
    query = dnsPacket.decode(message);
  } catch {
    return null;
  }
  const question = query.questions?.[0];
  const base = { type: "response" as const, id: query.id, questions: query.questions ?? [] };
  const flags = dnsPacket.AUTHORITATIVE_ANSWER | (query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0);
  if (query.type !== "query" || !question || query.questions!.length !== 1) {
    return dnsPacket.encode({ ...base, flags: flags | RCODE.FORMERR });
  }
  let served: ServedName;
  try {
    served = await find(question.name);
  } catch {
    return dnsPacket.encode({ ...base, flags: flags | RCODE.SERVFAIL });
  }
  if (!served) return dnsPacket.encode({ ...base, flags: (flags & ~dnsPacket.AUTHORITATIVE_ANSWER) | RCODE.REFUSED });
  if (served.records.length === 0) return dnsPacket.encode({ ...base, flags: flags | RCODE.NXDOMAIN });
  const answers = matching(served.records, question.type).map((record) => toAnswer(question.name, record));
  const packet = dnsPacket.encode({ ...base, flags, answers });
  if (transport === "udp" && packet.length > udpLimit(query))
    return dnsPacket.encode({ ...base, flags: flags | dnsPacket.TRUNCATED_RESPONSE });
  return packet;
}

/** The UDP size the client accepts (EDNS0), at least the classic 512 bytes. */
function udpLimit(query: dnsPacket.DecodedPacket): number {
  const opt = query.additionals?.find((record) => record.type === "OPT") as { udpPayloadSize?: number } | undefined;
  return Math.max(512, opt?.udpPayloadSize ?? 512);
}
