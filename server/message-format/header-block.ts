// Where a message's header block ends and what fields it holds, read the one
// way every door does (submission, the MX, reports, the mailbox reader): the
// fields run up to the first empty line, and a message that starts with an
// empty line has none, as mailauth's checks read it.

export type HeaderSplit = {
  /** The fields, without the line end of the last one. */
  header: string;
  /** Where the fields end: after the last one's line end (0 when there are none). */
  fieldsEnd: number;
  /** Where the body starts, after the empty line; null when the text has no empty line. */
  bodyStart: number | null;
};

export function splitHeaderBlock(text: string): HeaderSplit {
  const empty = /^\r?\n/.exec(text);
  if (empty) return { header: "", fieldsEnd: 0, bodyStart: empty[0].length };
  const separator = /\r?\n\r?\n/.exec(text);
  if (!separator) return { header: text.replace(/\r?\n$/, ""), fieldsEnd: text.length, bodyStart: null };
  const lineEnd = text[separator.index] === "\r" ? 2 : 1;
  return { header: text.slice(0, separator.index), fieldsEnd: separator.index + lineEnd, bodyStart: separator.index + separator[0].length };
}

/** The header block within the first `limit` bytes, with the empty line after it: a parser reads the fields and none of the body. */
export function headerBlockToParse(source: Buffer, limit: number): Buffer {
  return Buffer.from(`${splitHeaderBlock(source.subarray(0, limit).toString("latin1")).header}\r\n\r\n`, "latin1");
}

export type HeaderField = { name: string; lines: string[] };

/** The fields of a header block, each with its continuation lines; `name` is lower case, "" for a line without one. */
export function headerFields(header: string): HeaderField[] {
  const fields: HeaderField[] = [];
  for (const line of header.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1]!.lines.push(line);
    else
      fields.push({
        name: line
          .slice(0, Math.max(0, line.indexOf(":")))
          .trim()
          .toLowerCase(),
        lines: [line],
      });
  }
  return fields;
}

/** A field's value: its lines unfolded, after the colon, trimmed. */
export const headerFieldValue = (field: HeaderField) =>
  field.lines
    .join(" ")
    .slice(field.lines[0]!.indexOf(":") + 1)
    .trim();
