// The first email: what the dashboard's one click sends, and the same request
// as the curl and Node snippets a new API key comes with. Kept in one place so
// the button and the snippets cannot drift apart.
import type { TestSender } from "@/shared/schemas/test-sender";

export const TEST_EMAIL_SUBJECT = "Hello from your first email";
export const TEST_EMAIL_TEXT = "It works: this email went through the sending API, signed and logged like every other.";

export function testEmailBody(sender: Pick<TestSender, "from" | "to">) {
  return { from: sender.from, to: sender.to, subject: TEST_EMAIL_SUBJECT, text: TEST_EMAIL_TEXT };
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export function curlSnippet(apiBase: string, secret: string, sender: Pick<TestSender, "from" | "to">): string {
  return [
    `curl -X POST ${apiBase}/api/v1/sending/messages \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${secret}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(testEmailBody(sender)))}`,
  ].join("\n");
}

export function nodeSnippet(apiBase: string, secret: string, sender: Pick<TestSender, "from" | "to">): string {
  return [
    `// Node 18+ (global fetch). Keep the key in an environment variable in real code.`,
    `const response = await fetch(${JSON.stringify(`${apiBase}/api/v1/sending/messages`)}, {`,
    `  method: "POST",`,
    `  headers: { Authorization: ${JSON.stringify(`Bearer ${secret}`)}, "Content-Type": "application/json" },`,
    `  body: JSON.stringify(${JSON.stringify(testEmailBody(sender), null, 2).replace(/\n/g, "\n  ")}),`,
    `});`,
    `console.log(response.status, await response.json());`,
  ].join("\n");
}
