/** `part` of `whole` as a percentage rounded to two decimals (12.34), or null when there is no whole. */
export const percentage = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100);
