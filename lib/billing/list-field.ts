/**
 * A plan's list field (features, excluded features, tiers) as an array of strings. Spec §3:
 * lists "may arrive as a JSON string", so a JSON-encoded array is read too; anything else is empty.
 * Pure, so the server and the browser share it.
 */
export function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  if (typeof value === "string" && value.trim()) {
    try {
      return toList(JSON.parse(value));
    } catch {
      return [];
    }
  }
  return [];
}

type PlanLists = { features: unknown; excluded_features: unknown; language_tiers: unknown };

/** A plan from the API with its three list fields read the lenient way. */
export function withPlanLists<T extends PlanLists>(plan: T): T & { features: string[]; excluded_features: string[]; language_tiers: string[] } {
  return {
    ...plan,
    features: toList(plan.features),
    excluded_features: toList(plan.excluded_features),
    language_tiers: toList(plan.language_tiers),
  };
}
