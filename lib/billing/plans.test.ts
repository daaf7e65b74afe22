import { updatePlan } from "@/lib/admin/plan-editing";
import { PlansAnswer } from "@/lib/api/contract/billing";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { planCatalogueCache } from "./plan-cache";
import { toApiTier, toPublicPlan } from "./plans";

const OPERATOR = { id: "op-1", email: "ops1@verbatim.test" };

describe.each(BACKENDS)("the plans as sold, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("carry every feature they give, inherited ones resolved by the server, even from a plan no longer sold", async () => {
    const catalogue = planCatalogueCache({ otherProcesses: true });
    const sold = async () => {
      const { plans, everyPlan, tiers, supportEmail } = await catalogue(t.db);
      // The answer fits the contract the browser checks.
      return PlansAnswer.parse({ plans: plans.map((p) => toPublicPlan(p, tiers, everyPlan)), language_tiers: tiers.map(toApiTier), support_email: supportEmail }).plans;
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
});
