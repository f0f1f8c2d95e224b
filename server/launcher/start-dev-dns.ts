// Starts the development DNS (docs/domains.md, "Without outside DNS") in the
// launcher, outside production only: UDP and TCP on one loopback port,
// answering from the database (server/dev-dns/find-served-records.ts), so a domain added on
// this machine verifies without anyone publishing anything.
import dgram from "node:dgram";
import net from "node:net";
import type { Env } from "@/server/config/env";
import { answerDnsQuery } from "@/server/dev-dns/answer-dns-query";
import { findServedRecords } from "@/server/dev-dns/find-served-records";

export type DevDns = { address: string | null; stop: () => Promise<void> };

/** TCP DNS frames each message with its length (RFC 1035 §4.2.2). */
function serveTcp(socket: net.Socket) {
  let buffered = Buffer.alloc(0);
  socket.setTimeout(10_000, () => socket.destroy());
  socket.on("error", () => {});
  socket.on("data", (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
      const message = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
      buffered = buffered.subarray(2 + message.length);
      void answerDnsQuery(message, findServedRecords, "tcp").then((reply) => {
        if (!reply || socket.destroyed) return;
        const length = Buffer.alloc(2);
        length.writeUInt16BE(reply.length, 0);
        socket.write(Buffer.concat([length, reply]));
      });
    }
  });
}

function cannotListen(host: string, port: number, error: Error): Error {
  return new Error(
    `development DNS: cannot listen on ${host}:${port} (${error.message}); set DEV_DNS_PORT to a free port, or 0 to turn it off`,
  );
}

export async function startDevDns(config: Env): Promise<DevDns> {
  const settings = config.devDns;
  if (config.isProduction || !settings) return { address: null, stop: async () => {} };
  const { host, port } = settings;
  const udp = dgram.createSocket("udp4");
  udp.on("message", (message, remote) => {
    void answerDnsQuery(message, findServedRecords, "udp").then((reply) => {
      if (reply) udp.send(reply, remote.port, remote.address);
    });
  });
  await new Promise<void>((resolve, reject) => {
    udp.once("error", (error) => reject(cannotListen(host, port, error)));
    udp.bind(port, host, () => resolve());
  });
  udp.on("error", () => {});
  const tcp = net.createServer(serveTcp);
  await new Promise<void>((resolve, reject) => {
    tcp.once("error", (error) => {
      udp.close();
      reject(cannotListen(host, port, error));
    });
    tcp.listen(port, host, () => resolve());
  });
  return {
    address: `${host}:${port}`,
    stop: async () => {
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}
