// The body of a message/delivery-status or message/feedback-report part:
// groups of "Name: value" fields (RFC 822 syntax, continuation lines folded),
// groups separated by blank lines. mailparser hands these parts over decoded;
// this only splits their text into fields.

/** One group of fields; names lower-cased, every value of a repeated name kept in order. */
export type FieldGroup = Map<string, string[]>;

const MAX_GROUPS = 200;
const MAX_FIELDS_PER_GROUP = 100;

export function parseFieldGroups(text: string): FieldGroup[] {
  const groups: FieldGroup[] = [];
  for (const block of text.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/)) {
    if (groups.length >= MAX_GROUPS) break;
    const fields: [string, string][] = [];
    for (const line of block.split("\n")) {
      if (/^[ \t]/.test(line) && fields.length > 0) {
        const last = fields[fields.length - 1]!;
        last[1] = `${last[1]} ${line.trim()}`;
        continue;
      }
      const colon = line.indexOf(":");
      if (colon <= 0 || fields.length >= MAX_FIELDS_PER_GROUP) continue;
      fields.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
    }
    if (fields.length === 0) continue;
    const group: FieldGroup = new Map();
    for (const [name, value] of fields) group.set(name, [...(group.get(name) ?? []), value]);
    groups.push(group);
  }
  return groups;
}

export const firstField = (group: FieldGroup, name: string): string | undefined => group.get(name)?.[0];

/**
 * The mailbox of an address field such as `rfc822; <Ada@Example.com>` or
 * `<ada@example.com>` (Final-Recipient, Original-Rcpt-To), lower-cased; null
 * when the value holds no plausible address.
 */
export function addressField(value: string | undefined): string | null {
  if (!value) return null;
  const typed = /^\s*(?:rfc822|utf-8)\s*;\s*(.*)$/i.exec(value);
  const bare = (typed ? typed[1]! : value).trim().replace(/^<|>$/g, "").trim();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(bare) ? bare.toLowerCase() : null;
}
