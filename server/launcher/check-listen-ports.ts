// Before the launcher starts anything: every port the service and its child
// engines will listen on is tried once, so a port another program holds (a
// system Dovecot on ManageSieve's 4190, a second checkout) stops the start
// with the variable to change, instead of a child that restarts forever while
// the launcher says "ready". Separate data directories do not mean separate
// ports.
import dgram from "node:dgram";
import net from "node:net";

export type ListenPort = {
  /** What listens there, for the message: "ManageSieve (Dovecot)". */
  what: string;
  /** The variable that moves it. */
  variable: string;
  /** The address it binds; undefined: every interface. */
  host: string | undefined;
  port: number;
  protocol: "tcp" | "udp";
};

/** Why the port cannot be bound, or null when it can: EADDRINUSE (someone listens), EACCES (below 1024 without the right). */
function tryBind({ host, port, protocol }: ListenPort): Promise<string | null> {
  return new Promise((resolve) => {
    const fail = (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message);
    if (protocol === "udp") {
      const socket = dgram.createSocket(host?.includes(":") ? "udp6" : "udp4");
      socket.once("error", (error) => {
        socket.close();
        fail(error);
      });
      socket.bind(port, host, () => socket.close(() => resolve(null)));
      return;
    }
    const probe = net.createServer();
    probe.once("error", fail);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

const where = (entry: ListenPort) => `${entry.host ?? "every interface"}:${entry.port}${entry.protocol === "udp" ? " (UDP)" : ""}`;

/** One line per port that cannot be bound, naming the variable to change; empty when all are free. */
export async function portProblems(ports: ListenPort[]): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of ports.filter((candidate) => candidate.port > 0)) {
    const code = await tryBind(entry);
    if (!code) continue;
    const why =
      code === "EADDRINUSE"
        ? "is already in use by another program"
        : code === "EACCES"
          ? "needs root or the CAP_NET_BIND_SERVICE capability"
          : `cannot be opened (${code})`;
    problems.push(
      `${entry.what}: ${where(entry)} ${why}; set ${entry.variable}=<another port>${entry.variable === "PORT" ? "" : " (0 turns it off)"}`,
    );
  }
  return problems;
}
