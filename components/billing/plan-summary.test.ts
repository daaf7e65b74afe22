import { aiFormattingText, planLanguages, planSummary, planSummaryItems, supportText } from "./plan-summary";
import { toList } from "@/lib/billing/list-field";
import { PLANS, TIERS, plan } from "@/test/support/billing-plans";
import type { ApiLanguageTier } from "@/lib/api/contract/billing";

describe("plan summary (spec §9)", () => {
  it("describes the seeded pro and premium plans as the spec does", () => {
    expect(planSummary(plan("pro"))).toBe("16 hours per month, 33 languages, basic AI formatting, standard support");
    expect(planSummary(plan("premium"))).toBe("50 hours per month, 97 languages, advanced AI formatting, priority support");
  });

  it("takes hours and languages from the plan data", () => {
    expect(planSummaryItems({ hours_per_month: 7, language_count: 12, included_features: [] })).toEqual(["7 hours per month", "12 languages", "standard support"]);
    expect(planSummaryItems({ hours_per_month: null, language_count: 97, included_features: [] })[0]).toBe("hours to fit your team");
  });

  it("reads the features the server resolved: a plan that includes Premium's gives advanced formatting and priority support", () => {
    expect(plan("enterprise").features).not.toContain("advanced_ai_formatting");
    expect(planSummary(plan("enterprise"))).toBe("hours to fit your team, 97 languages, advanced AI formatting, priority support");
    // The key alone says nothing: what it includes is the server's to resolve.
    expect(planSummaryItems({ hours_per_month: 2, language_count: 2, included_features: ["everything_in_premium"] })).toEqual([
      "2 hours per month",
      "2 languages",
      "standard support",
    ]);
  });

  it("AI formatting: advanced when advanced_ai_formatting, else basic, else none", () => {
    expect(aiFormattingText(["advanced_ai_formatting"])).toBe("advanced AI formatting");
    expect(aiFormattingText(["ai_enhancement", "advanced_ai_formatting"])).toBe("advanced AI formatting");
    expect(aiFormattingText(["ai_enhancement"])).toBe("basic AI formatting");
    expect(aiFormattingText(["ai_enhanced_formatting"])).toBe("basic AI formatting");
    expect(aiFormattingText(["export_txt", "everything_in_free"])).toBeNull();
    expect(planSummary(plan("free"))).toBe("3 hours per month, 10 languages, standard support");
  });

  it("support: priority when the plan gives priority_support, else standard", () => {
    expect(supportText(["priority_support"])).toBe("priority support");
    expect(supportText(["everything_in_pro", "sla_support"])).toBe("standard support");
    expect(supportText([])).toBe("standard support");
  });

  it("reads lists that arrive as JSON strings", () => {
    expect(toList('["priority_support","advanced_ai_formatting"]')).toEqual(["priority_support", "advanced_ai_formatting"]);
    expect(toList("not json")).toEqual([]);
    expect(toList(null)).toEqual([]);
    expect(toList(["a", 3, "b"])).toEqual(["a", "b"]);
  });
});

describe("planLanguages", () => {
  it("is the union of the plan's tiers, each language once, sorted by name", () => {
    const premium = planLanguages(plan("premium"), TIERS);
    expect(premium).toHaveLength(97);
    expect(premium.length).toBe(plan("premium").language_count);
    const names = premium.map((l) => l.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names[0]).toBe("Afrikaans");
    expect(planLanguages(plan("pro"), TIERS)).toHaveLength(33);
    expect(planLanguages(plan("free"), TIERS).map((l) => l.code)).toContain("en");
  });

  it("counts a language listed in two tiers once and ignores unknown tiers", () => {
    const tiers: ApiLanguageTier[] = [
      { id: "a", description: "", languages: { en: "English", fr: "French" } },
      { id: "b", description: "", languages: { en: "English", de: "German" } },
    ];
    expect(planLanguages({ language_tiers: ["a", "b", "zzz"] }, tiers)).toEqual([
      { code: "en", name: "English" },
      { code: "fr", name: "French" },
      { code: "de", name: "German" },
    ]);
    expect(planLanguages({ language_tiers: [] }, tiers)).toEqual([]);
    expect(PLANS.length).toBeGreaterThan(2);
  });
});
