// Which processes deliver messages, on servers of their own (embedded
// databases, an SMTP capture each): delivery workers (DELIVERY_WORKERS) do,
// and one killed with SIGKILL is replaced while queued mail waits for it;
// with DELIVERY_WORKERS=0 the launcher's primary delivers.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { strongPassword, uniqueEmail } from "../support/factories";
import { waitForEmail } from "../support/captured-email";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { startTestServer, type TestServer } from "../support/test-server";
import { eventually } from "../support/poll";

const started: { server: TestServer; smtp: SmtpCapture }[] = [];

afterAll(async () => {
  for (const { server, smtp } of started) {
    await server.stop();
    await smtp.stop().catch(() => {});
  }
});

async function serverWith(label: string, deliveryWorkers: string) {
  const directory = path.resolve(".test-data", `${label}-mail-${Date.now().toString(36)}`);
  const smtp = await startSmtpCapture(directory);
  const server = await startTestServer({ label, env: { DELIVERY_WORKERS: deliveryWorkers, EMAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url } });
  started.push({ server, smtp });
  return { server, directory };
}

/** An account on `server` with a domain marked verified (its DNS is not what is tested) and a sending key. */
async function sendingKey(server: TestServer): Promise<{ key: string; from: string }> {
  const post = async (route: string, body: unknown, token?: string) => {
    const response = await fetch(`${server.baseUrl}/api/v1${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.status, route).toBe(201);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  const account = await post("/auth/register", { email: uniqueEmail("delivery"), password: strongPassword() });
  const token = account.accessToken as string;
  const domain = await post("/sending/domains", { name: "workers.example" }, token);
  const key = await post("/sending/api-keys", { name: "workers", scope: "sending" }, token);
  const database = new pg.Client({ connectionString: readFileSync(path.join(server.dataDir, "embedded-database.url"), "utf8").trim() });
  await database.connect();
  await database.query("update sending_domains set status = 'verified', verified_at = now() where id = $1", [domain.domain_id]);
  await database.end();
  return { key: key.secret as string, from: "news@workers.example" };
}

async function send(server: TestServer, sender: { key: string; from: string }, to: string) {
  const response = await fetch(`${server.baseUrl}/api/v1/sending/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${sender.key}`, "content-type": "application/json" },
    body: JSON.stringify({ from: sender.from, to, subject: "Delivered by whom", text: "Hello" }),
  });
  expect(response.status).toBe(201);
}

/** The pids of `server`'s delivery workers: processes with its DATA_DIR and the delivery role in their environment. */
function deliveryWorkerPids(server: TestServer): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environment = readFileSync(`/proc/${entry}/environ`, "latin1").split("\0");
      if (environment.includes("CES_DELIVERY_WORKER=1") && environment.includes(`DATA_DIR=${server.dataDir}`)) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

describe("delivery workers", () => {
  it("deliver messages, and one killed with SIGKILL is replaced while mail queued meanwhile waits for it", async () => {
    const { server, directory } = await serverWith("delivery-workers", "1");
    const sender = await sendingKey(server);
    const [first] =
      (await eventually(() => (deliveryWorkerPids(server).length === 1 ? deliveryWorkerPids(server) : undefined), undefined, {
        timeoutMs: 15_000,
      })) ?? [];
    expect(first).toBeGreaterThan(0);
    await send(server, sender, "before@example.org");
    await waitForEmail("before@example.org", { directory, timeoutMs: 15_000 });

    process.kill(first!, "SIGKILL");
    // The primary does not deliver while delivery workers are configured: this one waits for the replacement.
    await send(server, sender, "during@example.org");
    const replacement = await eventually(() => deliveryWorkerPids(server).find((pid) => pid !== first), undefined, { timeoutMs: 20_000 });
    expect(replacement).toBeGreaterThan(0);
    const delivered = await waitForEmail("during@example.org", { directory, timeoutMs: 30_000 });
    expect(delivered.subject).toBe("Delivered by whom");
  }, 120_000);

  it("with DELIVERY_WORKERS=0, are the launcher's primary: nothing else delivers, and mail arrives", async () => {
    const { server, directory } = await serverWith("delivery-primary", "0");
    const sender = await sendingKey(server);
    expect(deliveryWorkerPids(server)).toEqual([]);
    await send(server, sender, "primary@example.org");
    const delivered = await waitForEmail("primary@example.org", { directory, timeoutMs: 15_000 });
    expect(delivered.subject).toBe("Delivered by whom");
  }, 120_000);
});
