// "March 5, 2026": the day an account is erased, in the reader's locale and time zone.
export function formatDeletionDate(iso: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(new Date(iso));
}
