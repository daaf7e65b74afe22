export interface Period {
  start: Date;
  end: Date;
}

/** The calendar month (UTC) holding `now`: the usage period of users without a subscription. */
export function calendarMonth(now: Date): Period {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}
