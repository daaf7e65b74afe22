import type { Entitlements } from "@/lib/billing/entitlements";
import type { FeatureKey } from "@/lib/billing/features";
import { jobPriority } from "./plan-limits";

function entitlements(onDefaultPlan: boolean, features: FeatureKey[] = []): Entitlements {
  return {
    planId: "p",
    planName: "P",
    onDefaultPlan,
    features: new Set(features),
    languages: {},
    perSeat: false,
    seats: 1,
    secondsPerPeriod: null,
    secondsUsed: 0,
    period: { start: new Date(0), end: new Date(1) },
    trialHours: null,
  };
}

describe("jobPriority", () => {
  it("puts the priority-queue feature first, then plans above the default one, then the default plan", () => {
    expect(jobPriority(entitlements(false, ["priority_transcription_queue"]))).toBe(2);
    expect(jobPriority(entitlements(false))).toBe(1);
    expect(jobPriority(entitlements(true))).toBe(0);
  });
});
