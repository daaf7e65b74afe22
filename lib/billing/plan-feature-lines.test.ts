import { toList } from "./list-field";
import { OPERATION_GATES, allows, type Operation } from "./feature-gates";
import { FEATURE_LABELS, isFeatureKey } from "./features";
import {
  NOT_BUILT,
  NOT_ON_THIS_SERVER,
  SUMMARISED_FEATURES,
  aiFormattingText,
  exportFormats,
  exportsSentence,
  offersTrial,
  planCardLines,
  planFeatureLines,
  planSummary,
  planSummaryItems,
  supportText,
  trialLine,
} from "./plan-feature-lines";
import { PLANS, plan } from "@/test/support/billing-plans";

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

describe("feature lines from the gate table", () => {
  const operations = Object.keys(OPERATION_GATES) as Operation[];

  it("Free exports plain text and subtitles; Pro and Premium add Markdown, PDF and Word", () => {
    expect(planFeatureLines(plan("free").included_features)).toContain("Export to TXT, SRT and WebVTT");
    for (const id of ["pro", "premium", "enterprise"]) {
      expect(planFeatureLines(plan(id).included_features)).toContain("Export to TXT, SRT, WebVTT, Markdown, PDF and Word");
    }
    expect(exportFormats(plan("pro").included_features)).toContain("Word");
    expect(exportFormats(plan("free").included_features)).not.toContain("Word");
  });

  it("the landing's export promise: what the default plan exports on every plan, the rest on paid plans", () => {
    expect(exportsSentence(plan("free").included_features)).toBe("TXT, SRT and WebVTT on every plan; Markdown, PDF and Word on paid plans.");
    expect(exportsSentence(plan("pro").included_features)).toBe("TXT, SRT, WebVTT, Markdown, PDF and Word on every plan.");
    expect(exportsSentence([])).toBe("TXT, SRT, WebVTT, Markdown, PDF and Word on paid plans.");
  });

  it("every operation a plan allows has its line, and none it refuses", () => {
    for (const p of PLANS) {
      const features = new Set(p.included_features.filter(isFeatureKey));
      const text = planFeatureLines(p.included_features).join("\n");
      for (const operation of operations) {
        const gate = OPERATION_GATES[operation];
        const line = gate.format ?? FEATURE_LABELS[gate.features[0]];
        if (allows(features, operation)) expect(text).toContain(line);
        else if (!gate.format) expect(text).not.toContain(line);
      }
      const formats = exportFormats(p.included_features);
      for (const operation of operations) {
        const format = OPERATION_GATES[operation].format;
        if (format) expect(formats.includes(format)).toBe(allows(features, operation));
      }
    }
  });

  it("every feature a plan has produces a line (inheritance keys aside); the summarised ones only once on a card", () => {
    for (const p of PLANS) {
      const lines = planFeatureLines(p.included_features);
      const cardText = planCardLines(p, null).map((l) => l.text);
      for (const key of p.included_features.filter(isFeatureKey)) {
        if (key.startsWith("everything_in_") || NOT_BUILT.includes(key)) continue;
        const gates = Object.values(OPERATION_GATES).filter((g) => (g.features as readonly string[]).includes(key));
        const expected = gates.length ? gates.map((g) => g.format ?? FEATURE_LABELS[g.features[0]]) : [FEATURE_LABELS[key]];
        for (const line of expected) expect(lines.join("\n")).toContain(line);
      }
      expect(new Set(cardText).size).toBe(cardText.length);
      for (const key of SUMMARISED_FEATURES) expect(cardText).not.toContain(FEATURE_LABELS[key]);
    }
  });

  it("lists features no gate reads (priority queue, team management) and never the inheritance keys", () => {
    expect(planFeatureLines(plan("premium").included_features)).toEqual(expect.arrayContaining(["Priority transcription queue"]));
    expect(planFeatureLines(plan("enterprise").included_features)).toEqual(expect.arrayContaining(["Team management", "On-premises deployment"]));
    expect(planFeatureLines(plan("pro").included_features).join("\n")).not.toMatch(/Everything in/);
    expect(planFeatureLines(["not_a_feature"])).toEqual([]);
  });

  it("a card: the spec's summary, the languages with what this server does of them, then the feature lines", () => {
    const lines = planCardLines(plan("pro"), "This server transcribes 1 of them today: English.");
    expect(lines.slice(0, 4).map((l) => l.text)).toEqual(planSummaryItems(plan("pro")));
    expect(lines[1]).toEqual({ text: "33 languages", note: "This server transcribes 1 of them today: English." });
    expect(lines.map((l) => l.text)).toEqual(expect.arrayContaining(["Export to TXT, SRT, WebVTT, Markdown, PDF and Word", "Record browser tab + microphone"]));
    expect(lines.filter((l) => l.note)).toHaveLength(1);
  });
});

describe("what this server does not give", () => {
  it("no card promises a feature the product does not have yet (the usage dashboard)", () => {
    expect(plan("premium").included_features).toContain("usage_dashboard");
    for (const p of PLANS) expect(planCardLines(p, null).map((l) => l.text)).not.toContain(FEATURE_LABELS.usage_dashboard);
  });

  it("without a language model, advanced formatting and custom styles say so beside their lines; basic formatting does not", () => {
    const unavailable = ["advanced_ai_formatting", "custom_transcription_styles"];
    const team = planCardLines(plan("team"), null, unavailable);
    expect(team.find((l) => l.text === "advanced AI formatting")?.note).toBe("Not available on this server: formatting here uses the basic rules.");
    expect(team.find((l) => l.text === FEATURE_LABELS.custom_transcription_styles)?.note).toBe(NOT_ON_THIS_SERVER);
    expect(team.find((l) => l.text === "Team management")?.note).toBeNull();
    const pro = planCardLines(plan("pro"), null, unavailable);
    expect(pro.find((l) => l.text === "basic AI formatting")?.note).toBeNull();
    expect(pro.filter((l) => l.note)).toEqual([]);
    // With a language model, no caveat.
    expect(planCardLines(plan("team"), null, []).filter((l) => l.note)).toEqual([]);
  });
});

describe("the trial beside the price", () => {
  it("is offered on paid plans sold through checkout only", () => {
    expect(PLANS.filter(offersTrial).map((p) => p.id)).toEqual(["pro", "premium", "team"]);
  });

  it("says how long, to a signed-in user and to a visitor; nothing without a trial", () => {
    expect(trialLine(7, "signed-in")).toBe("Starts with a 7-day free trial");
    expect(trialLine(7, "visitor")).toBe("7-day free trial for new subscribers");
    expect(trialLine(0, "signed-in")).toBeNull();
  });
});

describe("a plan priced per seat (Team)", () => {
  it("says its hours are per seat and shared, and lists team management with everything in Premium", () => {
    const team = plan("team");
    expect(team.per_seat).toBe(true);
    expect(planSummary(team)).toBe("40 hours per seat per month, shared by the team, 97 languages, advanced AI formatting, priority support");
    expect(planFeatureLines(team.included_features)).toEqual(expect.arrayContaining(["Team management", "Custom transcription styles", "Priority transcription queue"]));
    expect(planFeatureLines(team.included_features)).not.toContain("SLA-backed support");
    // Other plans keep their wording.
    expect(planSummaryItems(plan("premium"))[0]).toBe("50 hours per month");
  });
});
