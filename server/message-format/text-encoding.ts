// Which transfer encoding suits a message's text parts: quoted-printable when
// Latin letters outnumber 8-bit and control characters (mostly readable
// ASCII), base64 otherwise (e.g. CJK text, which quoted-printable triples).
// nodemailer's composer makes the same choice per part with two global regex
// matches that allocate a string per letter; a 10 kB body made that a third of
// accepting a message (docs/performance-sending.md). One pass here instead.
export function preferredTextEncoding(...texts: (string | undefined)[]): "quoted-printable" | "base64" {
  let latin = 0;
  let other = 0;
  for (const text of texts) {
    if (!text) continue;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin += 1;
      else if (code >= 0x80 || (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d)) other += 1;
    }
  }
  return other < latin ? "quoted-printable" : "base64";
}
