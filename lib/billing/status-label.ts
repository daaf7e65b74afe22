import type { SubscriptionStatus } from "./subscription-types";

const LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  trialing: "Trial",
  canceled: "Canceled",
  past_due: "Past due",
  unpaid: "Unpaid",
};

/** Spec §4: trialing shows 'Trial (Nd left)', N the whole days until trial_end, rounded up. */
export function statusLabel(status: SubscriptionStatus, trialEnd: Date | null, now = new Date()): string {
  if (status !== "trialing" || !trialEnd) return LABELS[status];
  const days = Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / 86_400_000));
  return `Trial (${days}d left)`;
}
