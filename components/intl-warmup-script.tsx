/**
 * Loads the browser's date and time formatting data before first paint on
 * signed-in pages, which show times in lists. The first Intl.DateTimeFormat
 * of a page costs about 17 ms (the locale's patterns and time zone data);
 * made later, it lands inside React's first render, the page's longest task,
 * and every formatter after it costs a hundredth of that. Rendered in <head>
 * with the request's CSP nonce, like the theme script.
 */
const intlWarmup =
  'try{new Intl.DateTimeFormat(undefined,{dateStyle:"medium",timeStyle:"short"}).format(0);new Intl.RelativeTimeFormat(undefined,{numeric:"auto"}).format(1,"day")}catch(e){}';

export function IntlWarmupScript({ nonce }: { nonce: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, set before paint
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: intlWarmup }} />;
}
