interface Timed {
  start_ms: number;
  end_ms: number;
}

/**
 * The item playing at `ms` (binary search; items are in time order). Between two items
 * the earlier one stays current, so the highlight does not flicker off in pauses.
 */
export function indexAt(items: readonly Timed[], ms: number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (items[mid].start_ms <= ms) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/** Like indexAt, but only while inside the item: a word is not "being said" after it ends. */
export function indexWithin(items: readonly Timed[], ms: number): number {
  const i = indexAt(items, ms);
  return i >= 0 && ms < items[i].end_ms ? i : -1;
}

/** The speeds the player offers, slowest first (Otter and Descript offer the same range). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

const RATE_STORAGE_KEY = "verbatim-playback-rate";

/** A stored speed if it is one the player offers; anything else (garbled, edited by hand) is 1×. */
export function parsePlaybackRate(stored: string | null): PlaybackRate {
  const rate = stored === null || stored.trim() === "" ? NaN : Number(stored);
  return PLAYBACK_RATES.find((r) => r === rate) ?? 1;
}

/** The speed last chosen in this browser (1× when none is, or storage is off: private windows, some embeds). */
export function storedPlaybackRate(): PlaybackRate {
  try {
    return parsePlaybackRate(localStorage.getItem(RATE_STORAGE_KEY));
  } catch {
    return 1;
  }
}

/** Remembers the chosen speed for the next transcript and reload; without storage it lasts the page. */
export function rememberPlaybackRate(rate: PlaybackRate): void {
  try {
    localStorage.setItem(RATE_STORAGE_KEY, String(rate));
  } catch {
    // Storage full or refused: the speed still applies now.
  }
}

/** 1.25 → "1.25×", 1 → "1×". */
export const rateLabel = (rate: number) => `${rate}×`;
