// One simulated portal client of `bench:load`: a weighted mix of reads and
// profile writes for one account, each outcome recorded; and reading back
// which acknowledged writes the activity log holds.
import { seededRandom } from "./seeded-random";

const requestTimeoutMs = 15_000;

export type Account = { index: number; email: string; accessToken: string };
export type Outcome = { at: number; ms: number; status: number; code?: string; kind: "read" | "write"; label: string };
export type Write = { account: number; userAgent: string; acknowledged: boolean };

export async function api(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; userAgent?: string } = {},
) {
  const headers: Record<string, string> = { "user-agent": init.userAgent ?? "ces-load" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(requestTimeoutMs),
  });
  const text = await response.text();
  let body: { success?: boolean; data?: { code?: string } & Record<string, unknown> } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, enveloped: typeof body?.success === "boolean" };
}

const reads = [
  { label: "GET /auth/me", path: "/auth/me", weight: 25 },
  { label: "GET /auth/sessions", path: "/auth/sessions", weight: 20 },
  { label: "GET /account/activity", path: "/account/activity?limit=5", weight: 15 },
  { label: "GET /account/profile", path: "/account/profile", weight: 10 },
];
const writeWeight = 30;
const totalWeight = reads.reduce((sum, entry) => sum + entry.weight, writeWeight);

export async function runClient(baseUrl: string, id: number, account: Account, deadline: number, outcomes: Outcome[], writes: Write[]) {
  const next = seededRandom(id + 1);
  let sequence = 0;
  while (Date.now() < deadline) {
    const pick = next() * totalWeight;
    const started = Date.now();
    let outcome: Omit<Outcome, "at" | "ms">;
    if (pick < writeWeight) {
      // Each write carries its own user agent, which its activity event records: that is how it is found again.
      const write: Write = { account: account.index, userAgent: `ces-load/${id}/${sequence++}`, acknowledged: false };
      writes.push(write);
      try {
        const answer = await api(baseUrl, "/account/profile", {
          method: "PUT",
          token: account.accessToken,
          body: { name: `Load ${write.userAgent}` },
          userAgent: write.userAgent,
        });
        write.acknowledged = answer.status >= 200 && answer.status < 300;
        outcome = {
          status: answer.status,
          code: answer.enveloped ? answer.body?.data?.code : "not an envelope",
          kind: "write",
          label: "PUT /account/profile",
        };
      } catch (error) {
        outcome = { status: 0, code: (error as Error).name, kind: "write", label: "PUT /account/profile" };
      }
    } else {
      let cursor = writeWeight;
      const read = reads.find((entry) => (cursor += entry.weight) > pick) ?? reads[0]!;
      try {
        const answer = await api(baseUrl, read.path, { token: account.accessToken });
        outcome = {
          status: answer.status,
          code: answer.enveloped ? answer.body?.data?.code : "not an envelope",
          kind: "read",
          label: read.label,
        };
      } catch (error) {
        outcome = { status: 0, code: (error as Error).name, kind: "read", label: read.label };
      }
    }
    const finished = Date.now();
    outcomes.push({ ...outcome, at: finished, ms: finished - started });
  }
}

/** Every activity event's user agent for one account, all pages. */
export async function recordedUserAgents(baseUrl: string, account: Account): Promise<Set<string>> {
  const agents = new Set<string>();
  for (let page = 1; ; page += 1) {
    const answer = await api(baseUrl, `/account/activity?limit=100&page=${page}`, { token: account.accessToken });
    if (answer.status !== 200) throw new Error(`reading back activity failed: ${answer.status}`);
    const data = answer.body!.data as unknown as {
      items: { type: string; userAgent: string | null }[];
      pagination: { totalPages: number };
    };
    for (const item of data.items) if (item.type === "account.updated" && item.userAgent) agents.add(item.userAgent);
    if (page >= data.pagination.totalPages) return agents;
  }
}
