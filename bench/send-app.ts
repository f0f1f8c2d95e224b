// The bench's side of the app: an account with a verified domain and a key,
// the message it sends (10 kB of HTML), and waiting for the queue to empty.
import pg from "pg";
import { plainTextAlternative } from "../server/message-format/plain-text-alternative";
import type { TestServer } from "../tests/support/test-server";
import { registerBenchAccount } from "./bench-account";

export const html =
  `<html><body>${Array.from({ length: 160 }, (_, index) => `<p>Paragraph ${index} of the newsletter, with some words.</p>`).join("")}</body></html>`.slice(
    0,
    10_000,
  );

export async function post(baseUrl: string, path: string, key: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: { id?: string; items?: { id: string }[] } };
  if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

/** A bench account with a verified domain: its sending key and its access token. */
export async function prepareAccount(server: TestServer, databaseUrl: string): Promise<{ key: string; accessToken: string }> {
  const account = await registerBenchAccount(server.baseUrl);
  const headers = { authorization: `Bearer ${account.accessToken}`, "content-type": "application/json" };
  const domain = (await (
    await fetch(`${server.baseUrl}/api/v1/sending/domains`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "news.bench.example" }),
    })
  ).json()) as { data: { domain_id: string } };
  const key = (await (
    await fetch(`${server.baseUrl}/api/v1/sending/api-keys`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "bench", scope: "sending" }),
    })
  ).json()) as { data: { secret: string } };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // The DNS proof is not what is measured: the domain is marked verified, and the plan has no quota limit.
  await client.query("update sending_domains set status = 'verified', verified_at = now() where id = $1", [domain.data.domain_id]);
  await client.query(
    "insert into subscriptions (account_id, plan_id, status) select account_id, 'custom', 'active' from sending_domains where id = $1",
    [domain.data.domain_id],
  );
  await client.end();
  return { key: key.data.secret, accessToken: account.accessToken };
}

/**
 * What a run's messages carry besides their content: a topic, readers per message, a stored template instead
 * of inline content, or (`withText`) a text part beside the HTML, as a template without one gets made for it.
 */
export type MessageOptions = { topicId?: string; recipients?: number; templateId?: string; withText?: boolean };

/** The HTML's text part, made the way a template's is (html-to-text), once for every inline message. */
const text = plainTextAlternative(html);

/**
 * One message of a run, to `recipients` readers; with `topicId`, subscribed mail of that topic (a copy signed
 * on its own per recipient, each with its own unsubscribe links); with `templateId`, the bench template
 * rendered with the message's number instead of the same subject and HTML given inline.
 */
export const message = (index: number, tag: string, { topicId, recipients = 1, templateId, withText = false }: MessageOptions = {}) => ({
  from: "News <news@news.bench.example>",
  to: recipients === 1 ? `reader${index}@example.org` : Array.from({ length: recipients }, (_, one) => `reader${index}-${one}@example.org`),
  ...(templateId
    ? { template: { id: templateId, variables: { tag, index } } }
    : { subject: `Newsletter ${tag} ${index}`, html, ...(withText ? { text } : {}) }),
  ...(topicId ? { topicId } : {}),
});

/** The bench's stored template: the inline message's subject and 10 kB of HTML, with its number as variables. */
export async function createBenchTemplate(server: TestServer, accessToken: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/v1/sending/templates`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Bench newsletter",
      subject: "Newsletter {{tag}} {{index}}",
      html: html.replace("<body>", "<body><p>Number {{index}}</p>"),
      variables: {
        type: "object",
        properties: { tag: { type: "string" }, index: { type: "integer" } },
        required: ["tag", "index"],
        additionalProperties: false,
      },
    }),
  });
  if (response.status !== 201) throw new Error(`creating the bench template answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** An opt-out topic of the bench account (every reader gets it until they unsubscribe), made through the API. */
export async function createBenchTopic(server: TestServer, accessToken: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/v1/sending/topics`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench newsletter", defaultSubscription: "opt_out" }),
  });
  if (response.status !== 201) throw new Error(`creating the bench topic answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

export async function drain(databaseUrl: string, timeoutMs = 300_000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from messages where status in ('queued', 'scheduled')");
      if (Number(rows[0]!.n) === 0 || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}
