/** Spec §9: the annual price shown per month is annual / 12, rounded to a whole number. */
export function annualPricePerMonth(priceAnnual: number): number {
  return Math.round(priceAnnual / 12);
}

/** What one price is for: " / month", or " per seat / month" on a plan priced per seat. */
export function priceUnit(perSeat: boolean, period: "month" | "year" = "month"): string {
  return perSeat ? ` per seat / ${period}` : ` / ${period}`;
}

/** "$12" or "$12.50"; tables that line prices up ask for cents always ("$12.00"). */
export function formatPrice(amount: number, { alwaysCents = false } = {}): string {
  return Number.isInteger(amount) && !alwaysCents ? `$${amount}` : `$${amount.toFixed(2)}`;
}
