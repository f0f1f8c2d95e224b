import { themeScript } from "./theme-preference";

/**
 * Sets the theme before first paint (no flash). Rendered in <head> with the
 * request's CSP nonce; browsers hide the nonce attribute after parsing, hence
 * suppressHydrationWarning.
 */
export function ThemeScript({ nonce }: { nonce: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, set before paint
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScript }} />;
}
