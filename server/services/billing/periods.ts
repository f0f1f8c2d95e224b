// Billing periods: monthly terms from the day a plan starts, and the
// calendar month (UTC) for plans without a term.

/** The same moment n months later; the 31st becomes the month's last day when it has no 31st. */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export type Period = { start: Date; end: Date };

export function calendarMonthOf(at: Date): Period {
  return {
    start: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)),
    end: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)),
  };
}

/** A monthly period advanced until it contains `at` (for terms nobody has rolled forward yet). */
export function rollForward(period: Period, at: Date): Period {
  let { start, end } = period;
  while (end.getTime() <= at.getTime()) {
    start = end;
    end = addMonths(end, 1);
  }
  return { start, end };
}

/** How long a paid plan stays on past_due (unpaid renewal) before the account falls back to free. */
export const PAST_DUE_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
