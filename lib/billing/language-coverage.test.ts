import { coverageNote, planLanguages, transcribedToday, type Language } from "./language-coverage";
import { PLANS, TIERS, plan } from "@/test/support/billing-plans";
import type { ApiLanguageTier } from "@/lib/api/contract/billing";

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

describe("what this server transcribes of a plan's languages", () => {
  const pro = planLanguages(plan("pro"), TIERS);
  const few: Language[] = [
    { code: "en", name: "English" },
    { code: "fr", name: "French" },
    { code: "de", name: "German" },
    { code: "it", name: "Italian" },
  ];

  it("says nothing when the engine does every language, or while no engine runs", () => {
    expect(coverageNote(pro, "any")).toBeNull();
    expect(coverageNote(pro, null)).toBeNull();
    expect(coverageNote(few, ["de", "en", "fr", "it", "pl"])).toBeNull();
    expect(transcribedToday(pro, "any")).toBeNull();
  });

  it("an English-only engine: one of the plan's languages, named", () => {
    expect(transcribedToday(pro, ["en"])).toEqual([{ code: "en", name: "English" }]);
    expect(coverageNote(pro, ["en"])).toBe("This server transcribes 1 of them today: English.");
  });

  it("names up to three, counts more, and says so when it does none", () => {
    expect(coverageNote(few, ["de", "en", "fr"])).toBe("This server transcribes 3 of them today: English, French and German.");
    expect(coverageNote(planLanguages(plan("premium"), TIERS), ["en", "de", "fr", "es", "it"])).toBe("This server transcribes 5 of them today.");
    expect(coverageNote(few, ["ja"])).toBe("This server transcribes none of them today.");
  });
});
