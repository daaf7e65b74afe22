/** What an upload's progress line says: "12.4 MB of 104.9 MB · 8.2 MB/s · 11 s left". */

const MB = 1000 * 1000;

export function formatBytes(bytes: number): string {
  if (bytes < MB) return `${Math.max(0, Math.round(bytes / 1000))} KB`;
  if (bytes < 1000 * MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${(bytes / (1000 * MB)).toFixed(2)} GB`;
}

export function formatTimeLeft(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s left`;
  const m = Math.round(s / 60);
  return m < 60 ? `${m} min left` : `${Math.floor(m / 60)} h ${m % 60} min left`;
}

export function progressLine(sent: number, total: number, bytesPerSecond: number | null): string {
  const parts = [`${formatBytes(sent)} of ${formatBytes(total)}`];
  if (bytesPerSecond && bytesPerSecond > 0 && sent < total) {
    parts.push(`${formatBytes(bytesPerSecond)}/s`, formatTimeLeft((total - sent) / bytesPerSecond));
  }
  return parts.join(" · ");
}

export interface SpeedSample {
  at: number;
  sent: number;
  /** smoothed bytes per second; null until there is a second sample */
  bytesPerSecond: number | null;
}

/**
 * The speed, smoothed over the last few seconds so the time left does not jump with every
 * part; a resumed upload starts from where it is, and a going-back (a part sent again after a
 * drop) starts afresh instead of reading as a negative speed.
 */
export function nextSpeed(previous: SpeedSample | null, at: number, sent: number): SpeedSample {
  if (!previous || sent < previous.sent) return { at, sent, bytesPerSecond: null };
  const dt = (at - previous.at) / 1000;
  if (dt < 0.25) return previous;
  const now = (sent - previous.sent) / dt;
  const weight = Math.min(1, dt / 3);
  return { at, sent, bytesPerSecond: previous.bytesPerSecond === null ? now : previous.bytesPerSecond * (1 - weight) + now * weight };
}
