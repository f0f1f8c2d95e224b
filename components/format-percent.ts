/** `part` of `whole` as a percentage with up to `digits` decimals ("12.5%"), or "—" when there is no whole. */
export function formatPercent(part: number, whole: number, digits = 1): string {
  if (whole === 0) return "—";
  const scale = 10 ** digits;
  return `${(Math.round((part / whole) * 100 * scale) / scale).toLocaleString("en-US")}%`;
}
