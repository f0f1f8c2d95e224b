// Topics and unsubscribe links for tests: a topic made through the API, and
// the links a delivered copy carries, read from its List-Unsubscribe field as
// a mail client reads them.
import { expect } from "vitest";
import { createTopic } from "@/shared/api/endpoints/topics";
import type { Topic } from "@/shared/schemas/topics";
import { call, randomIp } from "./api-client";
import { emailsTo } from "./captured-email";
import type { TestAccount } from "./factories";
import { eventually } from "./poll";
import type { CapturedEmail } from "./smtp-capture";

export async function newTopic(
  account: TestAccount,
  body: Partial<{ name: string; description: string; defaultSubscription: "opt_in" | "opt_out" }> = {},
): Promise<Topic> {
  const created = await call(createTopic, {
    token: account.accessToken,
    body: { name: `Topic ${Math.random().toString(36).slice(2, 8)}`, defaultSubscription: "opt_out", ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

/** The copy handed to `address` itself (the To field of every copy names all recipients). */
export async function copyFor(address: string, subject?: string): Promise<CapturedEmail> {
  const copies = await eventually(
    () => emailsTo(address).filter((email) => email.envelopeTo.includes(address.toLowerCase()) && (!subject || email.subject === subject)),
    (found) => found.length > 0,
    { timeoutMs: 15_000 },
  );
  if (copies.length === 0) throw new Error(`no copy for ${address}`);
  return copies[0]!;
}

/** The https link and mailto address of a delivered copy's List-Unsubscribe field. */
export function unsubscribeLinksIn(raw: string): { url: string; mailto: string; token: string } {
  const field = /^List-Unsubscribe:(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, " ");
  if (!field) throw new Error("no List-Unsubscribe field");
  const url = /<(https?:[^>]+)>/.exec(field)?.[1];
  const mailto = /<mailto:([^>]+)>/.exec(field)?.[1];
  if (!url || !mailto) throw new Error(`List-Unsubscribe lacks a link: ${field}`);
  return { url, mailto, token: url.slice(url.lastIndexOf("/") + 1) };
}

/** A request to an unsubscribe link as a mail client or browser makes it, from a network of its own. */
export function visitLink(url: string, init: { method?: string; form?: Record<string, string | string[]>; ip?: string } = {}) {
  const body = init.form
    ? new URLSearchParams(
        Object.entries(init.form).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => [name, one])),
      )
    : undefined;
  return fetch(url, {
    method: init.method ?? (body ? "POST" : "GET"),
    headers: { "x-forwarded-for": init.ip ?? randomIp(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body,
    redirect: "manual",
  });
}

/** RFC 8058's one-click POST, exactly as a mailbox provider sends it. */
export const oneClick = (url: string, ip?: string) => visitLink(url, { form: { "List-Unsubscribe": "One-Click" }, ip });
