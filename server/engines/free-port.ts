import net from "node:net";

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

/** A loopback port nobody listens on right now, and not one this process was given before. */
export const freeLoopbackPort = distinctPorts(osPickedPort);
