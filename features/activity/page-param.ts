// The activity page's `?page=`: a whole number from 1; anything else shows the first page.

export function pageFromSearchParam(value: string | string[] | undefined): number {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
