// Addresses as the webmail API writes them ("Ada <ada@example.com>" or a bare
// address): the address alone, and a comma-separated field read back into one
// entry per recipient.

/** The address in `Name <address>`, lower case; the text itself when it has no angle brackets. */
export function bareAddress(text: string): string {
  const angled = /<([^<>]+)>\s*$/.exec(text);
  return (angled ? angled[1]! : text).trim().toLowerCase();
}

/** `a@x, "B, C" <b@y>; c@z` → one entry each: commas and semicolons inside quotes or angle brackets do not split. */
export function splitAddresses(field: string): string[] {
  const entries: string[] = [];
  let current = "";
  let quoted = false;
  let angled = false;
  for (const character of field) {
    if (character === '"') quoted = !quoted;
    else if (character === "<" && !quoted) angled = true;
    else if (character === ">" && !quoted) angled = false;
    if ((character === "," || character === ";") && !quoted && !angled) {
      entries.push(current);
      current = "";
    } else current += character;
  }
  entries.push(current);
  return entries.map((entry) => entry.trim()).filter(Boolean);
}
