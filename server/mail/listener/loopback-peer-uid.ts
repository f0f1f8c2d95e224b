// Which local user owns the other end of a loopback TCP connection, read from
// the kernel's socket table (/proc/net/tcp): the rules-mail listener takes
// mail only from Dovecot's mail user, the Postfix reports listener only from
// the postfix user, not from any process on the machine.
import { readFile } from "node:fs/promises";

/** `127.0.0.1`, 4190 → `0100007F:105E`, the table's little-endian hex form. */
function tableAddress(ip: string, port: number): string {
  const hex = ip
    .split(".")
    .reverse()
    .map((part) => Number(part).toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
  return `${hex}:${port.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The uid owning the socket at `peer` connected to `local`, or null when the table has no such connection (or is unreadable). */
export async function loopbackPeerUid(peer: { ip: string; port: number }, local: { ip: string; port: number }): Promise<number | null> {
  const table = await readFile("/proc/net/tcp", "utf8").catch(() => "");
  const want = [tableAddress(peer.ip, peer.port), tableAddress(local.ip, local.port)];
  for (const line of table.split("\n").slice(1)) {
    const columns = line.trim().split(/\s+/);
    if (columns[1] === want[0] && columns[2] === want[1]) return Number(columns[7]);
  }
  return null;
}
