import { updatePlan } from "@/lib/admin/plan-editing";
import { PlansAnswer } from "@/lib/api/contract/billing";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { planCatalogueCache } from "./plan-cache";
import { plansAnswer, publishedPlans } from "./plans-answer";

const OPERATOR = { id: "op-1", email: "ops1@verbatim.test" };

describe.each(BACKENDS)("the plans as sold, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("carry every feature they give, inherited ones resolved by the server, even from a plan no longer sold", async () => {
    const catalogue = planCatalogueCache({ otherProcesses: true });
    const sold = async () => {
      // The answer fits the contract the browser checks.
      return PlansAnswer.parse(plansAnswer(await catalogue(t.db), ["en"], [])).plans;
    };
    const enterprise = (await sold()).find((p) => p.id === "enterprise")!;
    expect(enterprise.features).toEqual(["everything_in_premium", "sla_support", "team_management", "on_prem_options"]);
    expect(enterprise.included_features).toEqual(expect.arrayContaining(["advanced_ai_formatting", "priority_support", "export_markdown_pdf", "export_txt", "sla_support"]));
    expect((await sold()).find((p) => p.id === "free")!.included_features).not.toContain("advanced_ai_formatting");

    await updatePlan(t.db, OPERATOR, "premium", { is_active: false });
    const withoutPremium = await sold();
    expect(withoutPremium.map((p) => p.id)).not.toContain("premium");
    expect(withoutPremium.find((p) => p.id === "enterprise")!.included_features).toContain("priority_support");
    await updatePlan(t.db, OPERATOR, "premium", { is_active: true });
  });

  it("say how long the trial is, what this server transcribes and which listed features it does not give", async () => {
    const answer = PlansAnswer.parse(plansAnswer(await planCatalogueCache({ otherProcesses: true })(t.db), ["en"], ["advanced_ai_formatting", "custom_transcription_styles"]));
    expect(answer.trial_days).toBe(7);
    expect(answer.transcribed_languages).toEqual(["en"]);
    expect(answer.unavailable_features).toEqual(["advanced_ai_formatting", "custom_transcription_styles"]);
    expect(PlansAnswer.parse(plansAnswer(await planCatalogueCache({ otherProcesses: true })(t.db), null, [])).transcribed_languages).toBeNull();
  });

  it("are serialised once per catalogue version and server state, and an operator's edit gives another ETag", async () => {
    const catalogue = planCatalogueCache({ otherProcesses: true });
    const first = publishedPlans(await catalogue(t.db), ["en"], []);
    expect(publishedPlans(await catalogue(t.db), ["en"], [])).toBe(first);
    expect(JSON.parse(new TextDecoder().decode(first.bytes))).toEqual(plansAnswer(await catalogue(t.db), ["en"], []));
    const otherState = publishedPlans(await catalogue(t.db), ["en", "de"], []);
    expect(otherState.etag).not.toBe(first.etag);
    await updatePlan(t.db, OPERATOR, "pro", { name: "Pro (edited)" });
    const edited = publishedPlans(await catalogue(t.db), ["en"], []);
    expect(edited.etag).not.toBe(first.etag);
    expect(new TextDecoder().decode(edited.bytes)).toContain("Pro (edited)");
    await updatePlan(t.db, OPERATOR, "pro", { name: "Pro" });
    expect(publishedPlans(await catalogue(t.db), ["en"], []).etag).toBe(first.etag);
  });
});
