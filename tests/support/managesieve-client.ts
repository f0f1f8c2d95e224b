// A mail client's side of ManageSieve (RFC 5804), just enough for tests: log
// in with PLAIN (Dovecot accepts it without TLS on loopback), upload a script
// and make it active. Each command's answer is its lines up to OK / NO / BYE.
import { connect, type Socket } from "node:net";

export type SieveReply = { ok: boolean; text: string };

const FINAL = /^(OK|NO|BYE)\b(.*)$/m;
const quoted = (text: string) => `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

export async function manageSieveSession(port: number): Promise<{
  login: (user: string, pass: string) => Promise<SieveReply>;
  putScript: (name: string, script: string) => Promise<SieveReply>;
  setActive: (name: string) => Promise<SieveReply>;
  close: () => void;
}> {
  const socket: Socket = connect(port, "127.0.0.1");
  socket.setEncoding("utf8");
  let buffer = "";
  let waiting: ((reply: SieveReply) => void) | null = null;
  const settle = () => {
    // A final line at the start of a line ends the answer.
    const lines = buffer.split("\r\n");
    const index = lines.findIndex((line) => FINAL.test(line));
    if (index < 0 || !waiting) return;
    const line = lines[index]!;
    buffer = lines.slice(index + 1).join("\r\n");
    const done = waiting;
    waiting = null;
    done({ ok: line.startsWith("OK"), text: line });
  };
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    settle();
  });
  socket.on("error", () => {});
  const next = () =>
    new Promise<SieveReply>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`ManageSieve: no answer (${buffer})`)), 10_000);
      waiting = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
      settle();
    });
  const command = (text: string) => {
    const answer = next();
    socket.write(text);
    return answer;
  };
  await next(); // the greeting: capabilities, then OK
  return {
    login: (user, pass) => command(`AUTHENTICATE "PLAIN" ${quoted(Buffer.from(`\0${user}\0${pass}`).toString("base64"))}\r\n`),
    putScript: (name, script) => command(`PUTSCRIPT ${quoted(name)} {${Buffer.byteLength(script)}+}\r\n${script}\r\n`),
    setActive: (name) => command(`SETACTIVE ${quoted(name)}\r\n`),
    close: () => {
      socket.end("LOGOUT\r\n");
    },
  };
}
