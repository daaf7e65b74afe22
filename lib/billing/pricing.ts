/** Spec §9: the annual price shown per month is annual / 12, rounded to a whole number. */
export function annualPricePerMonth(priceAnnual: number): number {
  return Math.round(priceAnnual / 12);
}

export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}
