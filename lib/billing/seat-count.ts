/** How many seats one purchase or change may be: pure, so the billing page checks the same range. */
export const MIN_SEATS = 1;
export const MAX_SEATS = 500;
/** A checkout's seats when the buyer has nobody in a workspace yet: a small team. */
export const DEFAULT_SEATS = 3;

export const SEATS_RANGE = `Choose a whole number of seats from ${MIN_SEATS} to ${MAX_SEATS}.`;

export function isSeatCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= MIN_SEATS && value <= MAX_SEATS;
}

/** "1 seat", "3 seats". */
export function seatCount(n: number): string {
  return `${n} ${n === 1 ? "seat" : "seats"}`;
}
