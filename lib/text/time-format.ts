/** 75.4 → "1:15"; 3725 → "1:02:05" */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** Milliseconds as a transcript timestamp: 83500 → "01:23", 3_723_000 → "1:02:03". */
export function formatTimestamp(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${m}:${sec}` : `${m}:${sec}`;
}

/**
 * Usage of a plan's minutes, the same on the dashboard and the account page: 2280 → "38 min",
 * 11100 → "3 h 5 min". Any use rounds up to a minute, so a short test never reads "0 min used".
 */
export function formatUsage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}
