import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import net from "node:net";

/** Ports below this are left to system services. */
const LOWEST_PICKED_PORT = 10_000;

/**
 * The first local port the kernel hands to outgoing connections. A port picked
 * inside that range can be taken by any connect() (to PostgreSQL, to an SMTP
 * server) between the probe and its listener's start, which failed a test
 * server with EADDRINUSE; ports are picked below it.
 */
function firstEphemeralPort(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/** Whether nothing listens on the port on any address (a probe on 0.0.0.0 collides with every IPv4 listener of it). */
function isUnused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "0.0.0.0", () => probe.close(() => resolve(true)));
  });
}

/** A port nobody listens on, at random below the outgoing connections' range; as the OS picks one when that range starts too low. */
async function unusedPortBelowEphemeral(): Promise<number> {
  const below = firstEphemeralPort();
  if (below - LOWEST_PICKED_PORT >= 1_000) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const port = randomInt(LOWEST_PICKED_PORT, below);
      if (await isUnused(port)) return port;
    }
  }
  return osPickedPort();
}

/** A loopback port nobody listens on right now, as the OS picks it. */
function osPickedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Ports from `pick`, never the same one twice: the OS may hand a port it just
 * gave out to the next probe, since nothing listens on it until its listener
 * starts, and two listeners given one port would collide (the browser tests'
 * server once got one port for IMAP and SMTP submission).
 */
export function distinctPorts(pick: () => Promise<number>, attempts = 50): () => Promise<number> {
  const handedOut = new Set<number>();
  return async () => {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const port = await pick();
      if (handedOut.has(port)) continue;
      handedOut.add(port);
      return port;
    }
    throw new Error(`no loopback port not handed out before after ${attempts} tries`);
  };
}

/** A port nobody listens on right now, outside the range of outgoing connections, and not one this process was given before. */
export const freeLoopbackPort = distinctPorts(unusedPortBelowEphemeral);
