// Every method of the official `resend` SDK's emails, batch, domains and apiKeys
// resources (nested ones included) is listed in docs/resend-compatibility.md as
// supported or not yet, so a new SDK release cannot add one silently.
import { readFileSync } from "node:fs";
import { Resend } from "resend";
import { describe, expect, it } from "vitest";

function methodsOf(name: string, resource: object): string[] {
  const own = Object.getOwnPropertyNames(Object.getPrototypeOf(resource)).filter(
    (method) => method !== "constructor" && typeof (resource as Record<string, unknown>)[method] === "function",
  );
  const nested = Object.entries(resource).filter(([key, value]) => key !== "resend" && value !== null && typeof value === "object");
  return [...own.map((method) => `${name}.${method}`), ...nested.flatMap(([key, value]) => methodsOf(`${name}.${key}`, value))];
}

const documented = new Map(
  [...readFileSync("docs/resend-compatibility.md", "utf8").matchAll(/^\| `([\w.]+)` +\| (supported|not yet)/gm)].map((match) => [
    match[1]!,
    match[2]!,
  ]),
);

describe("the Resend SDK's methods", () => {
  const resend = new Resend("re_test");
  const methods = (["emails", "batch", "domains", "apiKeys"] as const).flatMap((name) => methodsOf(name, resend[name]));

  it("finds the SDK's methods", () => {
    expect(methods).toEqual(expect.arrayContaining(["emails.send", "batch.send", "domains.verify", "apiKeys.create"]));
  });

  it("lists each as supported or not yet", () => {
    expect(methods.filter((method) => !documented.has(method))).toEqual([]);
  });

  it("lists none the SDK does not have", () => {
    expect([...documented.keys()].filter((method) => !methods.includes(method))).toEqual([]);
  });
});
