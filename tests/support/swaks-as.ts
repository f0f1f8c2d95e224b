// swaks (Debian's SMTP test tool) run as another system user, for listeners
// that take mail only from one user's loopback connections (Dovecot's mail
// user, Postfix's) or only from the users who may reach their socket: the
// test runs as root, so runuser gives it that peer.
import { spawnSync } from "node:child_process";

export type SwaksRun = {
  /** The server's replies in order, as "NNN text", without the greeting and the goodbye. */
  replies: string[];
  /** What swaks printed, without the message it sent: for a failing assertion's message. */
  transcript: string;
};

/** `server`: a loopback port, or a unix-domain socket. */
export function swaksAs(user: string, server: number | { socket: string }, args: string[], helo = "peer.test"): SwaksRun {
  const target = typeof server === "number" ? ["--server", `127.0.0.1:${server}`] : ["--socket", server.socket];
  const run = spawnSync(
    "runuser",
    ["-u", user, "--", "swaks", ...target, "--helo", helo, "--timeout", "30", ...args],
    // A big message comes back in the transcript: room for it.
    { encoding: "utf8", timeout: 90_000, maxBuffer: 256 * 1024 * 1024 },
  );
  const transcript = `${run.stdout}${run.stderr}`;
  const replies = transcript
    .split("\n")
    .flatMap((line) => /^<(?:-|~|\*\*) +(\d{3} .*)$/.exec(line)?.[1] ?? [])
    .filter((reply) => !reply.startsWith("220 ") && !reply.startsWith("221 "));
  return {
    replies,
    transcript: transcript
      .split("\n")
      .filter((line) => !line.startsWith(" -> "))
      .join("\n")
      .slice(-4_000),
  };
}
