/**
 * What a plan card says a plan gives, on the landing page and in the change-plan dialog: the
 * spec's summary (§9: "16 hours per month, 33 languages, basic AI formatting, standard
 * support"), then one line per operation gate the plan opens and per other feature it has.
 * Generated from the plan data operators edit and from OPERATION_GATES, the table the server
 * enforces, so a card can neither promise what the server refuses nor leave out what it allows.
 * The features read are the server's `included_features`: inherited ones included.
 */
import { inWords } from "@/lib/text/word-list";
import { OPERATION_GATES, type OperationGate } from "./feature-gates";
import { FEATURE_LABELS, inheritedPlanId, isFeatureKey, type FeatureKey } from "./features";

/** The fields of a plan (lib/api/contract/billing's ApiPlan) its lines are made from. */
export interface SummaryPlan {
  hours_per_month: number | null;
  /** the hours (and the price) are per seat: the workspace shares every seat's hours */
  per_seat?: boolean;
  language_count: number;
  included_features: string[];
}

function hoursText(hours: number | null, perSeat = false): string {
  if (hours === null) return "hours to fit your team";
  return perSeat ? `${hours} hours per seat per month, shared by the team` : `${hours} hours per month`;
}

/** "advanced AI formatting", "basic AI formatting", or null when the plan gives neither. */
export function aiFormattingText(included: readonly string[]): string | null {
  if (included.includes("advanced_ai_formatting")) return "advanced AI formatting";
  if (included.includes("ai_enhancement") || included.includes("ai_enhanced_formatting")) return "basic AI formatting";
  return null;
}

export function supportText(included: readonly string[]): string {
  return included.includes("priority_support") ? "priority support" : "standard support";
}

export interface PlanLine {
  text: string;
  /** what this server does of it today, where that is less than the line says */
  note: string | null;
}

/** Beside a feature this server does not give today (lib/formatting/availability.ts says which). */
export const NOT_ON_THIS_SERVER = "Not available on this server.";
const ADVANCED_NOT_HERE = "Not available on this server: formatting here uses the basic rules.";

function summaryLines(plan: SummaryPlan, languagesNote: string | null, unavailable: readonly string[] = []): PlanLine[] {
  const ai = aiFormattingText(plan.included_features);
  const aiNote = ai === "advanced AI formatting" && unavailable.includes("advanced_ai_formatting") ? ADVANCED_NOT_HERE : null;
  return [
    { text: hoursText(plan.hours_per_month, plan.per_seat), note: null },
    { text: `${plan.language_count} languages`, note: languagesNote },
    ...(ai ? [{ text: ai, note: aiNote }] : []),
    { text: supportText(plan.included_features), note: null },
  ];
}

export function planSummaryItems(plan: SummaryPlan): string[] {
  return summaryLines(plan, null).map((line) => line.text);
}

/** e.g. "16 hours per month, 33 languages, basic AI formatting, standard support" */
export function planSummary(plan: SummaryPlan): string {
  return planSummaryItems(plan).join(", ");
}

const GATES: readonly OperationGate[] = Object.values(OPERATION_GATES);

/** Features whose line is their gate's: a plan lists what it lets you do, as the server checks it. */
const GATED: ReadonlySet<FeatureKey> = new Set(GATES.flatMap((gate) => gate.features));

/** What the summary says already (AI formatting, support): a card does not say it twice. */
export const SUMMARISED_FEATURES: readonly FeatureKey[] = ["ai_enhancement", "ai_enhanced_formatting", "advanced_ai_formatting", "priority_support"];

const opens = (gate: OperationGate, features: ReadonlySet<FeatureKey>) => gate.features.some((f) => features.has(f));

/** The export formats a plan gives, in the gate table's order: ["TXT", "SRT", "WebVTT"]. */
export function exportFormats(included: readonly string[]): string[] {
  const features = new Set(included.filter(isFeatureKey));
  return GATES.flatMap((gate) => (gate.format && opens(gate, features) ? [gate.format] : []));
}

/**
 * The landing page's promise about exports, from the formats of the plan everyone has:
 * "TXT, SRT and WebVTT on every plan; Markdown, PDF and Word on paid plans."
 */
export function exportsSentence(everyPlanIncludes: readonly string[]): string {
  const basic = exportFormats(everyPlanIncludes);
  const paid = GATES.flatMap((gate) => (gate.format && !basic.includes(gate.format) ? [gate.format] : []));
  const parts = [...(basic.length ? [`${inWords(basic)} on every plan`] : []), ...(paid.length ? [`${inWords(paid)} on paid plans`] : [])];
  return `${parts.join("; ")}.`;
}

/**
 * A plan's feature lines: its exports in one line ("Export to TXT, SRT and WebVTT"), then each
 * other gate it opens (worded as the gate's first feature), then its features no gate reads
 * (priority queue, team management…). `omit`: features said elsewhere on the card.
 */
export function planFeatureLines(included: readonly string[], { omit = [] }: { omit?: readonly FeatureKey[] } = {}): string[] {
  return featureLines(included, omit, []).map((line) => line.text);
}

/**
 * Features the product does not have yet, whatever a plan's data lists: no card promises them
 * (the plan data keeps them, so an operator's catalogue does not change when one is built).
 */
export const NOT_BUILT: readonly FeatureKey[] = ["usage_dashboard"];

function featureLines(included: readonly string[], omit: readonly FeatureKey[], unavailable: readonly string[]): PlanLine[] {
  const features = new Set(included.filter(isFeatureKey));
  const formats = exportFormats(included);
  const lines: PlanLine[] = formats.length ? [{ text: `Export to ${inWords(formats)}`, note: null }] : [];
  const noteFor = (keys: readonly FeatureKey[]) => (keys.every((f) => unavailable.includes(f)) ? NOT_ON_THIS_SERVER : null);
  for (const gate of GATES) {
    if (gate.format || !opens(gate, features) || gate.features.every((f) => omit.includes(f))) continue;
    const text = FEATURE_LABELS[gate.features[0]];
    if (!lines.some((line) => line.text === text)) lines.push({ text, note: noteFor(gate.features.filter((f) => features.has(f))) });
  }
  for (const key of Object.keys(FEATURE_LABELS).filter(isFeatureKey)) {
    if (features.has(key) && !GATED.has(key) && !inheritedPlanId(key) && !omit.includes(key) && !NOT_BUILT.includes(key)) {
      lines.push({ text: FEATURE_LABELS[key], note: noteFor([key]) });
    }
  }
  return lines;
}

/**
 * Every line of a plan card: the summary, the languages with `languagesNote`, then the feature
 * lines; a feature this server does not give today (`unavailable`) says so beside its line.
 */
export function planCardLines(plan: SummaryPlan, languagesNote: string | null, unavailable: readonly string[] = []): PlanLine[] {
  return [...summaryLines(plan, languagesNote, unavailable), ...featureLines(plan.included_features, SUMMARISED_FEATURES, unavailable)];
}

/** Whether checkout of this plan can start with the free trial: a paid plan sold through checkout. */
export function offersTrial(plan: { checkout_enabled: boolean; is_default: boolean; price_monthly: number }): boolean {
  return plan.checkout_enabled && !plan.is_default && plan.price_monthly > 0;
}

/**
 * Beside a price: "Starts with a 7-day free trial" for a user whose checkout gets it, "7-day free
 * trial for new subscribers" for a visitor (the trial is once per customer); null without one.
 */
export function trialLine(days: number, reader: "signed-in" | "visitor"): string | null {
  if (days <= 0) return null;
  return reader === "signed-in" ? `Starts with a ${days}-day free trial` : `${days}-day free trial for new subscribers`;
}
