// One IMAP, POP3 or SMTP AUTH login over a bare socket from a chosen loopback address
// (127.x.y.z), so a test can play many clients against the app's Dovecot.
// STARTTLS first: Dovecot takes passwords in the clear only from its own address.
import net from "node:net";
import tls from "node:tls";
import { authPlain, smtpDialogue } from "./smtp-dialogue";

type Line = (line: string) => boolean;

/** Reads lines until one satisfies `done`; resolves with that line. */
function lineReader(socket: net.Socket | tls.TLSSocket) {
  let buffer = "";
  let waiting: { done: Line; resolve: (line: string) => void } | undefined;
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString("latin1");
    for (;;) {
      const end = buffer.indexOf("\n");
      if (end < 0 || !waiting) return;
      const line = buffer.slice(0, end).replace(/\r$/, "");
      buffer = buffer.slice(end + 1);
      if (waiting.done(line)) {
        const { resolve } = waiting;
        waiting = undefined;
        resolve(line);
      }
    }
  };
  socket.on("data", onData);
  return {
    until: (done: Line) =>
      new Promise<string>((resolve) => {
        waiting = { done, resolve };
        onData(Buffer.alloc(0));
      }),
    stop: () => socket.off("data", onData),
  };
}

async function upgraded(socket: net.Socket): Promise<tls.TLSSocket> {
  const secure = tls.connect({ socket, rejectUnauthorized: false });
  await new Promise<void>((resolve, reject) => {
    secure.once("secureConnect", () => resolve());
    secure.once("error", reject);
  });
  secure.on("error", () => {});
  return secure;
}

function connect(port: number, from: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1", localAddress: from }, () => resolve(socket));
    socket.once("error", reject);
  });
}

const quote = (value: string) => `"${value.replace(/(["\\])/g, "\\$1")}"`;

/** An IMAP LOGIN: true when Dovecot answers OK. */
export async function imapLogin(port: number, from: string, user: string, pass: string): Promise<boolean> {
  const socket = await connect(port, from);
  try {
    const plain = lineReader(socket);
    await plain.until((line) => line.startsWith("* OK"));
    socket.write("s STARTTLS\r\n");
    await plain.until((line) => line.startsWith("s "));
    plain.stop();
    const secure = await upgraded(socket);
    const reader = lineReader(secure);
    secure.write(`l LOGIN ${quote(user)} ${quote(pass)}\r\n`);
    const answer = await reader.until((line) => line.startsWith("l "));
    secure.end("q LOGOUT\r\n");
    return answer.startsWith("l OK");
  } finally {
    socket.destroy();
  }
}

/** A POP3 USER/PASS: true when Dovecot answers +OK. */
export async function pop3Login(port: number, from: string, user: string, pass: string): Promise<boolean> {
  const socket = await connect(port, from);
  try {
    const plain = lineReader(socket);
    await plain.until((line) => line.startsWith("+OK"));
    socket.write("STLS\r\n");
    await plain.until((line) => line.startsWith("+OK") || line.startsWith("-ERR"));
    plain.stop();
    const secure = await upgraded(socket);
    const reader = lineReader(secure);
    secure.write(`USER ${user}\r\n`);
    await reader.until((line) => line.startsWith("+OK") || line.startsWith("-ERR"));
    secure.write(`PASS ${pass}\r\n`);
    const answer = await reader.until((line) => line.startsWith("+OK") || line.startsWith("-ERR"));
    secure.end("QUIT\r\n");
    return answer.startsWith("+OK");
  } finally {
    socket.destroy();
  }
}

/** One AUTH PLAIN on a submission port from `from`; the reply's code. */
export async function smtpLogin(port: number, from: string, user: string, pass: string): Promise<number> {
  const dialogue = smtpDialogue(port, "127.0.0.1", from);
  try {
    await dialogue.greeting;
    await dialogue.send("EHLO client.test\r\n");
    return (await dialogue.send(`AUTH PLAIN ${authPlain(user, pass)}\r\n`)).code;
  } finally {
    dialogue.end();
  }
}
