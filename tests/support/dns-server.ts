// A real authoritative DNS server on loopback for the test harness (UDP and
// TCP on one port, built on dns-packet), answering from records that tests
// publish and remove at runtime through a small HTTP control port. A zone can
// be made to answer SERVFAIL or to stay silent (a timeout, as a dead resolver
// looks), and the whole server can be paused (it refuses every query) and
// started again.
import dgram from "node:dgram";
import http from "node:http";
import net from "node:net";
import dnsPacket from "dns-packet";

/** MX values are written `<preference> <host>`; A values are IPv4 addresses; PTR values host names (at the reverse name). */
export type PublishedType = "TXT" | "CNAME" | "MX" | "A" | "PTR";
export type FailureMode = "servfail" | "drop";

export type DnsServer = {
  /** `<host>:<port>`, the DNS_SERVERS value for the app. */
  address: string;
  port: number;
  /** `http://127.0.0.1:<port>` of the control API (see dnsControl). */
  controlUrl: string;
  /** Answers REFUSED to every query until start() (the port stays bound; the control port keeps running). */
  pause: () => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

type Zone = {
  paused: boolean;
  records: Map<string, { TXT?: string[]; CNAME?: string; MX?: { preference: number; exchange: string }[]; A?: string[]; PTR?: string[] }>;
  failures: Map<string, FailureMode>;
};

const normalize = (name: string) => name.toLowerCase().replace(/\.$/, "");
const isAtOrBelow = (name: string, zone: string) => name === zone || name.endsWith(`.${zone}`);

/** A TXT value as DNS holds it: character-strings of at most 255 bytes. */
function txtStrings(value: string): Buffer[] {
  const bytes = Buffer.from(value, "utf8");
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += 255) chunks.push(bytes.subarray(offset, offset + 255));
  return chunks.length > 0 ? chunks : [Buffer.alloc(0)];
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

/** The answer to a query, or null to stay silent. `maxSize` is the UDP limit (null over TCP). */
function answer(zone: Zone, query: dnsPacket.DecodedPacket, maxSize: number | null): Buffer | null {
  const question = query.questions?.[0];
  const base = { type: "response" as const, id: query.id, questions: query.questions };
  const flags = dnsPacket.AUTHORITATIVE_ANSWER | (query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0);
  if (zone.paused) return dnsPacket.encode({ ...base, flags: flags | RCODE.REFUSED });
  if (!question) return dnsPacket.encode({ ...base, flags: flags | RCODE.SERVFAIL });
  const name = normalize(question.name);
  for (const [failing, mode] of zone.failures) {
    if (!isAtOrBelow(name, failing)) continue;
    if (mode === "drop") return null;
    return dnsPacket.encode({ ...base, flags: flags | RCODE.SERVFAIL });
  }
  const entry = zone.records.get(name);
  if (!entry) return dnsPacket.encode({ ...base, flags: flags | RCODE.NXDOMAIN });
  const answers: dnsPacket.Answer[] = [];
  if (entry.CNAME) {
    // A CNAME owns its name: every type is answered with it.
    answers.push({ type: "CNAME", name: question.name, ttl: 60, class: "IN", data: entry.CNAME });
  } else if (question.type === "TXT" && entry.TXT) {
    for (const value of entry.TXT) answers.push({ type: "TXT", name: question.name, ttl: 60, class: "IN", data: txtStrings(value) });
  } else if (question.type === "MX" && entry.MX) {
    for (const data of entry.MX) answers.push({ type: "MX", name: question.name, ttl: 60, class: "IN", data });
  } else if (question.type === "A" && entry.A) {
    for (const data of entry.A) answers.push({ type: "A", name: question.name, ttl: 60, class: "IN", data });
  } else if (question.type === "PTR" && entry.PTR) {
    for (const data of entry.PTR) answers.push({ type: "PTR", name: question.name, ttl: 60, class: "IN", data });
  }
  const packet = dnsPacket.encode({ ...base, flags, answers });
  if (maxSize !== null && packet.length > maxSize) {
    // Too big for UDP: say so, and the resolver retries over TCP.
    return dnsPacket.encode({ ...base, flags: flags | dnsPacket.TRUNCATED_RESPONSE });
  }
  return packet;
}

function udpLimit(query: dnsPacket.DecodedPacket): number {
  const opt = query.additionals?.find((record) => record.type === "OPT") as { udpPayloadSize?: number } | undefined;
  return Math.max(512, opt?.udpPayloadSize ?? 512);
}

function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch (error) {
        reject(error);
      }
    });
    request.on("error", reject);
  });
}

async function listenUdpAndTcp(
  host: string,
  port: number,
  onUdp: (message: Buffer, remote: dgram.RemoteInfo, socket: dgram.Socket) => void,
  onTcp: (socket: net.Socket) => void,
) {
  const udp = dgram.createSocket("udp4");
  udp.on("message", (message, remote) => onUdp(message, remote, udp));
  await new Promise<void>((resolve, reject) => {
    udp.once("error", reject);
    udp.bind(port, host, () => resolve());
  });
  const boundPort = udp.address().port;
  const tcp = net.createServer(onTcp);
  try {
    await new Promise<void>((resolve, reject) => {
      tcp.once("error", reject);
      tcp.listen(boundPort, host, () => resolve());
    });
  } catch (error) {
    udp.close();
    throw error;
  }
  return { udp, tcp, port: boundPort };
}

/**
 * Starts the server; `port` 0 (default) picks a free one, `controlPort` likewise. `host` (default 127.0.0.1) may be
 * another loopback address, so a server on port 53 (what Postfix asks) disturbs nothing else on the machine.
 */
export async function startDnsServer(options: { host?: string; port?: number; controlPort?: number } = {}): Promise<DnsServer> {
  const host = options.host ?? "127.0.0.1";
  const zone: Zone = { paused: false, records: new Map(), failures: new Map() };

  const onUdp = (message: Buffer, remote: dgram.RemoteInfo, socket: dgram.Socket) => {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const reply = answer(zone, query, udpLimit(query));
    if (reply) socket.send(reply, remote.port, remote.address);
  };
  const onTcp = (socket: net.Socket) => {
    let buffered = Buffer.alloc(0);
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const length = buffered.readUInt16BE(0);
        const message = buffered.subarray(2, 2 + length);
        buffered = buffered.subarray(2 + length);
        let query: dnsPacket.DecodedPacket;
        try {
          query = dnsPacket.decode(message);
        } catch {
          socket.destroy();
          return;
        }
        const reply = answer(zone, query, null);
        if (!reply) continue;
        const framed = Buffer.alloc(2 + reply.length);
        framed.writeUInt16BE(reply.length, 0);
        reply.copy(framed, 2);
        socket.write(framed);
      }
    });
  };

  // Several tries: the TCP half of a port the OS gave us for UDP can be taken.
  let sockets: Awaited<ReturnType<typeof listenUdpAndTcp>> | undefined;
  for (let attempt = 0; !sockets; attempt++) {
    try {
      sockets = await listenUdpAndTcp(host, options.port ?? 0, onUdp, onTcp);
    } catch (error) {
      if (options.port || attempt >= 5) throw error;
    }
  }
  const { udp, tcp, port } = sockets;
  const tcpConnections = new Set<net.Socket>();
  tcp.on("connection", (socket) => {
    tcpConnections.add(socket);
    socket.on("close", () => tcpConnections.delete(socket));
  });

  // Paused, the sockets stay bound: a released port could be taken by another
  // server on this machine, which would then answer in our place.
  const pause = async () => {
    zone.paused = true;
  };
  const start = async () => {
    zone.paused = false;
  };

  const control = http.createServer((request, response) => {
    const reply = (status: number, body: unknown = { ok: true }) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://control");
    (async () => {
      if (request.method === "GET" && url.pathname === "/health") return reply(200, { ok: true, port });
      if (request.method === "PUT" && url.pathname === "/records") {
        const { name, type, values } = (await readJson(request)) as { name: string; type: PublishedType; values: string[] };
        const key = normalize(name);
        const entry = zone.records.get(key) ?? {};
        if (type === "CNAME") entry.CNAME = normalize(values[0]!);
        else if (type === "MX") {
          entry.MX = values.map((value) => {
            const [preference, exchange] = value.trim().split(/\s+/);
            return { preference: Number(preference), exchange: normalize(exchange ?? "") };
          });
        } else if (type === "A") entry.A = values;
        else if (type === "PTR") entry.PTR = values;
        else entry.TXT = values;
        zone.records.set(key, entry);
        return reply(200);
      }
      if (request.method === "DELETE" && url.pathname === "/records") {
        const key = normalize(url.searchParams.get("name") ?? "");
        const type = url.searchParams.get("type") as PublishedType | null;
        const entry = zone.records.get(key);
        if (entry && type) delete entry[type];
        if (!entry || !type || (!entry.TXT && !entry.CNAME && !entry.MX && !entry.A && !entry.PTR)) zone.records.delete(key);
        return reply(200);
      }
      if (request.method === "PUT" && url.pathname === "/failures") {
        const { zone: failing, mode } = (await readJson(request)) as { zone: string; mode: FailureMode | null };
        if (mode) zone.failures.set(normalize(failing), mode);
        else zone.failures.delete(normalize(failing));
        return reply(200);
      }
      if (request.method === "POST" && (url.pathname === "/pause" || url.pathname === "/start")) {
        await (url.pathname === "/pause" ? pause() : start());
        return reply(200);
      }
      return reply(404, { ok: false });
    })().catch((error: unknown) => reply(400, { ok: false, error: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    control.once("error", reject);
    control.listen(options.controlPort ?? 0, "127.0.0.1", () => resolve());
  });
  const controlPort = (control.address() as net.AddressInfo).port;

  return {
    address: `${host}:${port}`,
    port,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    pause,
    start,
    stop: async () => {
      for (const socket of tcpConnections) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
    },
  };
}

/** Drives a DnsServer from any process (test workers, Playwright specs) through its control port. */
export function dnsControl(controlUrl: string) {
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`DNS control ${method} ${path} answered ${response.status}: ${await response.text()}`);
  };
  return {
    /** Replaces the name's records of that type. */
    publish: (name: string, type: PublishedType, values: string[]) => send("PUT", "/records", { name, type, values }),
    /** Removes the name's records of that type (all of them without a type). */
    unpublish: (name: string, type?: PublishedType) =>
      send("DELETE", `/records?${new URLSearchParams({ name, ...(type ? { type } : {}) })}`),
    /** Makes every name at or below `zone` answer SERVFAIL or nothing at all; null restores it. */
    fail: (zone: string, mode: FailureMode | null) => send("PUT", "/failures", { zone, mode }),
    /** Makes the server refuse every query (every zone), and answer again. */
    pause: () => send("POST", "/pause"),
    start: () => send("POST", "/start"),
  };
}

export type DnsControl = ReturnType<typeof dnsControl>;

/** Publishes every record of a domain as the API listed them (what a customer would do). */
export async function publishRecords(
  control: DnsControl,
  records: { type: string; name: string; value: string; priority?: number | null }[],
) {
  for (const record of records) {
    const value = record.type === "MX" ? `${record.priority ?? 10} ${record.value}` : record.value;
    await control.publish(record.name, record.type as PublishedType, [value]);
  }
}
