import type { Money } from "./provider-types";

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

/** A charge the provider works out: dollars as the catalogue writes them, another currency as its own ("¥2,667", "KWD 2.667"). */
export function formatCharge(money: Money): string {
  if (money.currency === "usd") return formatPrice(money.amount, { alwaysCents: true });
  return new Intl.NumberFormat("en-US", { style: "currency", currency: money.currency.toUpperCase() }).format(money.amount);
}
