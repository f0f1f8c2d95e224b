// The rules compiler: what each part of the document becomes in Sieve, and
// that no user text can leave its string (read back with a small reader of
// Sieve's quoted strings, RFC 5228 §2.4.2).
import { describe, expect, it } from "vitest";
import { compileRules, fieldAtLine, sieveString } from "@/server/mail-store/sieve/compile-rules";
import { SIEVE_LIMITS } from "@/shared/mailbox-rules-limits";
import { emptyMailboxRules, type MailboxRulesDocument, mailboxRulesBody } from "@/shared/schemas/mailbox-rules";

/** Reads the quoted string at the start of `text`; returns its value and what follows it. */
function readSieveString(text: string): { value: string; rest: string } {
  if (text[0] !== '"') throw new Error("not a string");
  let value = "";
  for (let index = 1; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === "\\") {
      value += text[index + 1];
      index += 1;
    } else if (char === '"') {
      return { value, rest: text.slice(index + 1) };
    } else {
      value += char;
    }
  }
  throw new Error("unterminated string");
}

const hostile = ['"; discard; "', '\\"; stop; #', 'a\\\\"b', "$" + "{hex:41}", 'x\n}\nredirect "evil@example.com";', "\\", '"', "end\\"];

describe("sieveString", () => {
  it.each(hostile)("keeps %j inside one string", (text) => {
    const { value, rest } = readSieveString(`${sieveString(text)};`);
    expect(value).toBe(text);
    expect(rest).toBe(";");
  });
});

const rules = (overrides: Partial<MailboxRulesDocument>): MailboxRulesDocument => ({ ...emptyMailboxRules, ...overrides });

describe("compileRules", () => {
  it("compiles no rules to a script that only requires its extensions", () => {
    const { script } = compileRules(emptyMailboxRules);
    expect(script).toContain("require [");
    expect(script).not.toMatch(/^\s*(if|redirect|vacation|fileinto)/m);
  });

  it("files a subject match into a folder it creates, with the flags asked for", () => {
    const { script } = compileRules(
      rules({
        filters: [
          {
            name: "Invoices",
            match: "all",
            conditions: [{ field: "subject", op: "contains", value: "invoice" }],
            actions: [{ type: "move", folder: "Billing/2026" }, { type: "markRead" }, { type: "stop" }],
          },
        ],
      }),
    );
    expect(script).toContain('header :contains "subject" "invoice"');
    expect(script).toContain('fileinto :create :flags ["\\\\Seen"] "Billing/2026";');
    expect(script).toMatch(/fileinto[^\n]*\n\s*stop;/);
  });

  it("forwards only mail not marked as spam, and drops the local copy unless asked to keep it", () => {
    const keep = compileRules(rules({ forwarding: { to: ["a@example.org"], keepCopy: true } })).script;
    expect(keep).toContain('if not header :is "X-Spam" "Yes" {\n  redirect :copy "a@example.org";\n}');
    const drop = compileRules(rules({ forwarding: { to: ["a@example.org"], keepCopy: false } })).script;
    expect(drop).toContain('redirect :copy "a@example.org";\n  discard;\n  stop;');
  });

  it("answers vacation only between its days (UTC) and never for spam; disabled writes nothing", () => {
    const vacation = { enabled: true, start: "2026-07-01", end: "2026-07-14", subject: "Away", text: "Back soon", intervalDays: 3 };
    const { script } = compileRules(rules({ vacation }));
    expect(script).toContain('not header :is "X-Spam" "Yes"');
    expect(script).toContain('currentdate :zone "+0000" :value "ge" "date" "2026-07-01"');
    expect(script).toContain('currentdate :zone "+0000" :value "le" "date" "2026-07-14"');
    expect(script).toContain('vacation :days 3 :subject "Away"');
    expect(compileRules(rules({ vacation: { ...vacation, enabled: false } })).script).not.toContain("vacation :days");
  });

  it("keeps a filter's name from ending its comment line", () => {
    const { script } = compileRules(
      rules({
        filters: [
          {
            name: 'x\nredirect "evil@example.com";',
            match: "any",
            conditions: [{ field: "size", op: "over", value: 5 }],
            actions: [{ type: "discard" }],
          },
        ],
      }),
    );
    expect(script).not.toMatch(/^redirect/m);
  });

  it("names the document field a script line was written for", () => {
    const compiled = compileRules(
      rules({
        filters: [
          {
            name: "one",
            match: "any",
            conditions: [{ field: "from", op: "is", value: "a@example.com" }],
            actions: [{ type: "forward", to: "b@example.org" }],
          },
        ],
      }),
    );
    const line = compiled.script.split("\n").findIndex((text) => text.includes('redirect :copy "b@example.org"')) + 1;
    expect(fieldAtLine(compiled, line)).toBe("filters.0.actions.0.to");
  });

  it("writes an ordinary mailbox's rules well within a script's limit (docs/spam-and-rules.md, \"How much Sieve a mailbox keeps\")", () => {
    // 20 filters of three conditions and two actions, two forwarding addresses and the longest vacation reply.
    const busy = rules({
      filters: Array.from({ length: 20 }, (_, index) => ({
        name: `Newsletter ${index}`,
        match: "any" as const,
        conditions: Array.from({ length: 3 }, () => ({ field: "from" as const, op: "contains" as const, value: "news@example.com" })),
        actions: [{ type: "move" as const, folder: `Lists/Letters ${index}` }, { type: "markRead" as const }],
      })),
      forwarding: { to: ["a@example.org", "b@example.org"], keepCopy: true },
      vacation: { enabled: true, subject: "Away", text: "x".repeat(5000), intervalDays: 3 },
    });
    const bytes = Buffer.byteLength(compileRules(busy).script);
    expect(bytes).toBeLessThan(16 * 1024);
    expect(bytes * 4).toBeLessThan(SIEVE_LIMITS.maxScriptBytes);
  });
});

describe("mailboxRulesBody", () => {
  it("names the field of a bad rule", () => {
    const result = mailboxRulesBody.safeParse({
      filters: [{ name: "x", match: "all", conditions: [{ field: "size", op: "contains", value: "big" }], actions: [{ type: "stop" }] }],
      forwarding: { to: ["not an address"], keepCopy: true },
      vacation: null,
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["filters.0.conditions.0.op", "filters.0.conditions.0.value", "forwarding.to.0"]));
  });

  it("refuses more than five forwarding addresses and folders with empty levels", () => {
    const six = Array.from({ length: 6 }, (_, index) => `a${index}@example.org`);
    expect(mailboxRulesBody.safeParse({ filters: [], forwarding: { to: six, keepCopy: true }, vacation: null }).success).toBe(false);
    const folder = {
      filters: [
        { name: "x", match: "all", conditions: [{ field: "subject", op: "is", value: "x" }], actions: [{ type: "move", folder: "a//b" }] },
      ],
      forwarding: null,
      vacation: null,
    };
    expect(mailboxRulesBody.safeParse(folder).success).toBe(false);
  });
});
