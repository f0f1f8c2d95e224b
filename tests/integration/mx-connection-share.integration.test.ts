// Idle connections at the MX, on a server of its own (100 connections in all,
// the default 20 per address for submission): raw sockets from several
// loopback addresses (127.0.0.x) play a flood of idle clients, and a new
// address must still be greeted with 220.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { type SmtpDialogue, smtpDialogue } from "../support/smtp-dialogue";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let mxPort: number;
const open: SmtpDialogue[] = [];

beforeAll(async () => {
  mxPort = await freeLoopbackPort();
  server = await startTestServer({ label: "mx-connections", env: { MX_PORT: String(mxPort), SMTP_MAX_CLIENTS: "100" } });
}, 120_000);

afterAll(() => server?.stop());

// Every test starts with an empty listener.
afterEach(() => closeAll());

/** Opens `count` connections from `address` and gives the greeting codes; the connections stay open (idle). */
async function flood(address: string, count: number): Promise<number[]> {
  const dialogues = Array.from({ length: count }, () => smtpDialogue(mxPort, "127.0.0.1", address));
  open.push(...dialogues);
  return Promise.all(dialogues.map(async (dialogue) => (await dialogue.greeting).code));
}

async function closeAll() {
  const closing = open.splice(0).map((dialogue) => {
    dialogue.end();
    return dialogue.closed;
  });
  await Promise.all(closing);
  // The server notices the closes.
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const greetingFrom = async (address: string) => {
  const dialogue = smtpDialogue(mxPort, "127.0.0.1", address);
  open.push(dialogue);
  return (await dialogue.greeting).code;
};

describe("a flood of idle connections at the MX", () => {
  it("5 addresses × 20 connections: each address holds at most 5, and a new address is greeted", async () => {
    const codes = (await Promise.all([2, 3, 4, 5, 6].map((last) => flood(`127.0.1.${last}`, 20)))).flat();
    const greeted = codes.filter((code) => code === 220).length;
    console.info(`flood of 5 × 20: ${greeted} greeted, ${codes.length - greeted} refused`);
    expect(greeted).toBe(25);
    expect(codes.filter((code) => code === 421)).toHaveLength(75);
    expect(await greetingFrom("127.0.1.100")).toBe(220);
  });

  it("many addresses: those already connected are refused past 80 connections, so new addresses keep their share", async () => {
    // 30 addresses × 5: the first 16 fill 80, the rest get one each.
    const codes: number[] = [];
    for (let last = 10; last < 40; last++) codes.push(...(await flood(`127.0.2.${last}`, 5)));
    const greeted = codes.filter((code) => code === 220).length;
    console.info(`flood of 30 × 5: ${greeted} greeted`);
    expect(greeted).toBeLessThanOrEqual(95);
    expect(await greetingFrom("127.0.2.200")).toBe(220);
  });

  it("idle sessions are shed under pressure: 100 addresses fill the listener, and 10 s later a new address is greeted", async () => {
    const codes = (await Promise.all(Array.from({ length: 100 }, (_, index) => flood(`127.0.3.${index + 1}`, 1)))).flat();
    expect(codes.filter((code) => code === 220).length).toBeGreaterThanOrEqual(95);
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(await greetingFrom("127.0.3.200")).toBe(220);
  }, 60_000);
});
