import { asc } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { plans } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { expandFeatures, type Entitlements } from "./entitlements";
import { allows, OPERATION_GATES, type Operation } from "./feature-gates";
import type { FeatureKey } from "./features";

/**
 * Names of the active plans sold by checkout that include a feature, in catalogue order. A
 * plan priced per seat (Team) is named only for what no single-user plan gives (team
 * workspaces): someone refused a PDF export is offered Pro or Premium, not a team.
 */
export async function plansWithFeature(database: Database, feature: FeatureKey): Promise<{ id: string; name: string }[]> {
  const all = await database.select().from(plans).orderBy(asc(plans.sortOrder));
  const byId = new Map(all.map((p) => [p.id, p]));
  const having = all.filter((p) => p.isActive && p.checkoutEnabled && expandFeatures(p, byId).has(feature));
  const single = having.filter((p) => !p.perSeat);
  return (single.length ? single : having).map((p) => ({ id: p.id, name: p.name }));
}

function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "a paid plan";
  return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

export function featureDeniedMessage(what: string, planName: string, upgradeTo: string[], plural = false): string {
  return `${what} ${plural ? "are" : "is"} not included in your ${planName} plan. Upgrade to ${joinNames(upgradeTo)} to use ${plural ? "them" : "it"}.`;
}

/**
 * Returns when the plan allows the operation (see OPERATION_GATES); otherwise throws a
 * `forbidden` DomainError naming the plans that include it, so the client can offer the
 * upgrade (`upgrade.plans`).
 */
export async function requireOperation(database: Database, e: Entitlements, operation: Operation): Promise<void> {
  if (allows(e.features, operation)) return;
  const gate = OPERATION_GATES[operation];
  const feature = gate.features[0];
  const upgradeTo = await plansWithFeature(database, feature);
  throw new DomainError("forbidden", featureDeniedMessage(gate.what, e.planName, upgradeTo.map((p) => p.name), gate.plural), {
    upgrade: { feature, plans: upgradeTo.map((p) => p.id) },
  });
}
