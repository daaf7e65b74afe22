import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { entitlementsFor } from "./entitlements";
import { featureDeniedMessage, featureRefusal, plansWithFeature } from "./feature-gate";

describe("featureDeniedMessage", () => {
  it("names the plan and the plans to upgrade to", () => {
    expect(featureDeniedMessage("PDF export", "Free", ["Pro", "Premium"])).toBe(
      "PDF export is not included in your Free plan. Upgrade to Pro or Premium to use it.",
    );
    expect(featureDeniedMessage("Custom styles", "Pro", ["Premium"], true)).toBe(
      "Custom styles are not included in your Pro plan. Upgrade to Premium to use them.",
    );
    expect(featureDeniedMessage("X", "Free", ["A", "B", "C"])).toBe("X is not included in your Free plan. Upgrade to A, B or C to use it.");
    expect(featureDeniedMessage("X", "Free", [])).toBe("X is not included in your Free plan. Upgrade to a paid plan to use it.");
  });
});

describe.each(BACKENDS.slice(0, 1))("featureRefusal on %s", (_name, open) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the checkout plans that include a feature, following everything_in_*", async () => {
    expect(await plansWithFeature(t.handle.db, "export_markdown_pdf")).toEqual([{ id: "pro", name: "Pro" }, { id: "premium", name: "Premium" }]);
    expect(await plansWithFeature(t.handle.db, "custom_transcription_styles")).toEqual([{ id: "premium", name: "Premium" }]);
  });

  it("is a 403 with the upgrade hint when the plan lacks the feature, null when it has it", async () => {
    const { db } = t.handle;
    const free = await entitlementsFor(db, await insertUser(db));
    const refusal = await featureRefusal(db, free, "export_markdown_pdf", "PDF export");
    expect(refusal?.status).toBe(403);
    expect(await refusal?.json()).toEqual({
      detail: "PDF export is not included in your Free plan. Upgrade to Pro or Premium to use it.",
      upgrade: { feature: "export_markdown_pdf", plans: ["pro", "premium"] },
    });
    const pro = await entitlementsFor(db, await insertUser(db, "pro"));
    expect(await featureRefusal(db, pro, "export_markdown_pdf", "PDF export")).toBeNull();
  });
});
