// Compiles a mailbox's rules document to the Sieve script Dovecot runs at
// delivery (docs/spam-and-rules.md, "Mailbox rules"). Pure: the same
// document always gives the same script. Every piece of user text goes
// through sieveString(); the script never requires "variables" or
// "encoded-character", so nothing inside a string is expanded either. Each
// line remembers which field of the document wrote it, so a compile error
// from Pigeonhole can name that field.
import type { MailboxRulesDocument, RuleAction, RuleCondition, RuleFilter } from "@/shared/schemas/mailbox-rules";

export type CompiledRules = {
  script: string;
  /** The document path each line (1-based index = line number) was written for, or null for fixed lines. */
  linePaths: (string | null)[];
};

/** A Sieve quoted string (RFC 5228 §2.4.2): only `"` and `\` need escaping; NUL cannot appear in a script at all. */
export function sieveString(text: string): string {
  return `"${text.replaceAll("\0", "").replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/** Text for a `#` comment: a line break would end it and let the rest run as script. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes
const commentText = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, " ");

// The MX marks spam with this header; forwards and vacation replies never act on such mail.
const NOT_SPAM = 'not header :is "X-Spam" "Yes"';

function textTest(condition: RuleCondition): string {
  const op = `:${condition.op}`;
  const value = sieveString(String(condition.value));
  switch (condition.field) {
    case "from":
      // contains also sees the display name; is / matches compare the bare address.
      return condition.op === "contains" ? `header ${op} "from" ${value}` : `address :all ${op} "from" ${value}`;
    case "to":
      return condition.op === "contains" ? `header ${op} ["to", "cc"] ${value}` : `address :all ${op} ["to", "cc"] ${value}`;
    case "subject":
      return `header ${op} "subject" ${value}`;
    case "listId":
      return `header ${op} "list-id" ${value}`;
    case "header":
      return `header ${op} ${sieveString(condition.header ?? "")} ${value}`;
    case "size":
      return `size ${op} ${Number(condition.value)}`;
  }
}

class ScriptWriter {
  readonly lines: string[] = [];
  readonly linePaths: (string | null)[] = [];
  line(text: string, path: string | null = null): void {
    // A line of user text (vacation text) may hold several script lines: each gets the same path.
    for (const part of text.split("\n")) {
      this.lines.push(part);
      this.linePaths.push(path);
    }
  }
}

function writeActions(out: ScriptWriter, filter: RuleFilter, path: string): void {
  const flags = [
    ...(filter.actions.some((action) => action.type === "markRead") ? ["\\\\Seen"] : []),
    ...(filter.actions.some((action) => action.type === "flag") ? ["\\\\Flagged"] : []),
  ];
  const flagList = `[${flags.map((flag) => `"${flag}"`).join(", ")}]`;
  const moves = filter.actions.some((action) => action.type === "move");
  // Flags without a move apply to the message where it is kept.
  if (flags.length > 0 && !moves) out.line(`  addflag ${flagList};`, `${path}.actions`);
  filter.actions.forEach((action: RuleAction, index) => {
    const at = `${path}.actions.${index}`;
    if (action.type === "move") {
      out.line(`  fileinto :create${flags.length > 0 ? ` :flags ${flagList}` : ""} ${sieveString(action.folder)};`, `${at}.folder`);
    } else if (action.type === "forward") {
      out.line(`  if ${NOT_SPAM} { redirect :copy ${sieveString(action.to)}; }`, `${at}.to`);
    } else if (action.type === "discard") {
      out.line("  discard;", at);
    } else if (action.type === "stop") {
      out.line("  stop;", at);
    }
  });
}

function writeVacation(out: ScriptWriter, vacation: NonNullable<MailboxRulesDocument["vacation"]>): void {
  const tests = [NOT_SPAM];
  if (vacation.start) tests.push(`currentdate :zone "+0000" :value "ge" "date" ${sieveString(vacation.start)}`);
  if (vacation.end) tests.push(`currentdate :zone "+0000" :value "le" "date" ${sieveString(vacation.end)}`);
  out.line("# Vacation reply: Pigeonhole never answers lists, bulk or auto-submitted mail.");
  out.line(`if allof(${tests.join(", ")}) {`, "vacation");
  out.line(`  vacation :days ${vacation.intervalDays} :subject ${sieveString(vacation.subject)}`, "vacation.subject");
  out.line(`    ${sieveString(vacation.text.replace(/\r\n?/g, "\n"))};`, "vacation.text");
  out.line("}");
}

export function compileRules(rules: MailboxRulesDocument): CompiledRules {
  const out = new ScriptWriter();
  out.line("# Mailbox rules written by the service from its rules API (docs/spam-and-rules.md).");
  out.line("# A script uploaded over ManageSieve replaces them.");
  out.line('require ["fileinto", "mailbox", "imap4flags", "copy", "vacation", "date", "relational"];');
  const vacation = rules.vacation?.enabled ? rules.vacation : null;
  if (vacation) writeVacation(out, vacation);
  if (rules.forwarding) {
    const { to, keepCopy } = rules.forwarding;
    out.line(`# Forwarding${keepCopy ? ", keeping a copy" : ""}; never mail marked as spam.`);
    out.line(`if ${NOT_SPAM} {`, "forwarding");
    to.forEach((address, index) => out.line(`  redirect :copy ${sieveString(address)};`, `forwarding.to.${index}`));
    if (!keepCopy) {
      out.line("  discard;", "forwarding.keepCopy");
      out.line("  stop;", "forwarding.keepCopy");
    }
    out.line("}");
  }
  rules.filters.forEach((filter, index) => {
    const path = `filters.${index}`;
    const tests = filter.conditions.map(textTest);
    out.line(`# Filter ${index + 1}: ${commentText(filter.name)}`);
    out.line(`if ${filter.match === "all" ? "allof" : "anyof"}(`, `${path}.match`);
    tests.forEach((test, at) => out.line(`    ${test}${at < tests.length - 1 ? "," : ""}`, `${path}.conditions.${at}`));
    out.line(") {", path);
    writeActions(out, filter, path);
    out.line("}");
  });
  return { script: `${out.lines.join("\n")}\n`, linePaths: out.linePaths };
}

/** The document field a compile error on `line` (1-based) belongs to, or null. */
export function fieldAtLine(compiled: CompiledRules, line: number): string | null {
  for (let index = Math.min(line, compiled.linePaths.length) - 1; index >= 0; index -= 1) {
    const path = compiled.linePaths[index];
    if (path) return path;
  }
  return null;
}
