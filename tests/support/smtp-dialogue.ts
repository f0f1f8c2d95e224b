// A bare SMTP client over a socket, for conversations no well-behaved client
// library would hold: pipelined garbage, NUL bytes, a client that stops
// mid-DATA. Each `send` writes bytes and returns the next complete reply.
import net from "node:net";
import { expect } from "vitest";

export type SmtpReplyLine = { code: number; text: string };

export type SmtpDialogue = {
  greeting: Promise<SmtpReplyLine>;
  send: (bytes: string | Buffer) => Promise<SmtpReplyLine>;
  write: (bytes: string | Buffer) => void;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
  end: () => void;
};

/** `localAddress`: the client address to connect from (another loopback address, 127.0.0.x, plays another client). */
export function smtpDialogue(port: number, host = "127.0.0.1", localAddress?: string): SmtpDialogue {
  const socket = net.connect({ port, host, localAddress });
  let buffer = "";
  const waiting: ((reply: SmtpReplyLine) => void)[] = [];
  const ready: SmtpReplyLine[] = [];
  socket.on("data", (chunk) => {
    buffer += chunk.toString("latin1");
    for (;;) {
      // A reply ends with a line "NNN text" (a space after the code, not a dash).
      const match = /^(?:\d{3}-[^\n]*\n)*(\d{3})(?: ([^\r\n]*))?\r?\n/.exec(buffer);
      if (!match) break;
      buffer = buffer.slice(match[0].length);
      const reply = { code: Number(match[1]), text: match[2] ?? "" };
      const next = waiting.shift();
      if (next) next(reply);
      else ready.push(reply);
    }
  });
  socket.on("error", () => {});
  const nextReply = () =>
    new Promise<SmtpReplyLine>((resolve) => {
      const early = ready.shift();
      if (early) resolve(early);
      else waiting.push(resolve);
    });
  return {
    greeting: nextReply(),
    send: (bytes) => {
      socket.write(bytes);
      return nextReply();
    },
    write: (bytes) => void socket.write(bytes),
    closed: new Promise((resolve) => socket.once("close", () => resolve())),
    end: () => socket.destroy(),
  };
}

export const authPlain = (username: string, password: string) => Buffer.from(`\0${username}\0${password}`).toString("base64");

/**
 * Before MAIL, garbage with NUL bytes, an overlong EHLO and each of `refused` (commands the listener does not
 * offer) get a 5xx each, and the same session then takes a proper EHLO (`helo`).
 */
export async function expectGarbageRefusedBeforeMail(port: number, helo: string, refused: string[]): Promise<void> {
  const dialogue = smtpDialogue(port);
  try {
    expect((await dialogue.greeting).code).toBe(220);
    expect((await dialogue.send("\u0000\u0001HELO\u0000\r\n")).code).toBeGreaterThanOrEqual(500);
    expect((await dialogue.send(`EHLO ${"x".repeat(10_000)}\r\n`)).code).toBeGreaterThanOrEqual(500);
    for (const command of refused) expect((await dialogue.send(`${command}\r\n`)).code).toBeGreaterThanOrEqual(500);
    expect((await dialogue.send(`EHLO ${helo}\r\n`)).code).toBe(250);
  } finally {
    dialogue.end();
  }
}
