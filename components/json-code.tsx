// Pretty-printed JSON with light colouring of keys, strings and literals, for
// example responses. Rendered on the server; no highlighter dependency.

const token = /("(?:[^"\\]|\\.)*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?)/g;

export function JsonCode({ value }: { value: unknown }) {
  const text = JSON.stringify(value, null, 2);
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(token)) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    const [whole, string, colon, literal] = match;
    if (string && colon) {
      parts.push(
        <span key={index} className="text-sky-300">
          {string}
        </span>,
        colon,
      );
    } else if (string) {
      parts.push(
        <span key={index} className="text-emerald-300">
          {string}
        </span>,
      );
    } else if (literal) {
      parts.push(
        <span key={index} className="text-violet-300">
          {literal}
        </span>,
      );
    } else {
      parts.push(
        <span key={index} className="text-amber-300">
          {whole}
        </span>,
      );
    }
    last = index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
