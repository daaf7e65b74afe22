/** Display formats for the admin tables. One fixed locale, so every operator reads the same thing. */
import type { SubscriptionStatus } from "@/lib/billing/subscription-types";
import { statusLabel } from "@/lib/billing/status-label";

const LOCALE = "en-US";
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
const countFormat = new Intl.NumberFormat(LOCALE);

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const NONE = "—";

export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : NONE;
}

export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : NONE;
}

export function formatCount(n: number): string {
  return countFormat.format(n);
}

export const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** Spec §4 status labels ('Trial (Nd left)'); users without a subscription read "None". */
export function subscriptionLabel(status: SubscriptionStatus | null, trialEnd: string | null): string {
  return status ? statusLabel(status, parse(trialEnd)) : "None";
}

export function intervalLabel(interval: string | null): string {
  if (interval === "monthly") return "Monthly";
  if (interval === "annual") return "Annual";
  return NONE;
}

/** "1 language", "2 languages". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
