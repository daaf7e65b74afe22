import { mayUseFeature, type Entitlements } from "@/lib/billing/entitlements";
import { MAX_FILE_SECONDS } from "./audio";
import { quotaSentence } from "./limit-sentences";
import type { Engine } from "./engines/types";

/** Queue priority: the priority-queue feature first, then any plan above the default one, then the default (free) plan. */
export function jobPriority(e: Entitlements): number {
  if (mayUseFeature(e, "priority_transcription_queue")) return 2;
  return e.onDefaultPlan ? 0 : 1;
}

export interface LanguageOption {
  code: string;
  name: string;
}

/** The plan's languages the engine can transcribe, sorted by name. */
export function languageOptions(e: Entitlements, engine: Engine | null): LanguageOption[] {
  const supported = engine?.languages() ?? new Set<string>();
  return Object.entries(e.languages)
    .filter(([code]) => supported === "any" || supported.has(code))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** `left`: read in the same transaction that refused the reservation, so it is exact. */
export function quotaMessage(e: Entitlements, neededS: number, left: number): string {
  return quotaSentence(e.planName, neededS, left);
}

/** Refused while decoding: longer than the plan's remaining time, or than one file may be. */
export function tooLongMessage(e: Entitlements, seconds: number, allowance: number): string {
  if (allowance >= MAX_FILE_SECONDS) {
    return `This recording is longer than ${MAX_FILE_SECONDS / 3600} hours, the most one file may be. Split it and upload the parts.`;
  }
  return quotaMessage(e, Math.round(seconds), Math.round(allowance));
}
