import { BACKENDS, type TestDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { entitlementsFor } from "./entitlements";
import { featureDeniedMessage, plansWithFeature, requireOperation } from "./feature-refusal";

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

describe.each(BACKENDS.slice(0, 1))("requireOperation on %s", (_name, open) => {
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

  it("is forbidden with the upgrade hint when the plan lacks the feature, passes when it has it", async () => {
    const { db } = t.handle;
    const free = await entitlementsFor(db, await insertUser(db));
    await expect(requireOperation(db, free, "export_pdf")).rejects.toMatchObject({
      kind: "forbidden",
      message: "PDF export is not included in your Free plan. Upgrade to Pro or Premium to use it.",
      data: { upgrade: { feature: "export_markdown_pdf", plans: ["pro", "premium"] } },
    });
    const pro = await entitlementsFor(db, await insertUser(db, "pro"));
    await expect(requireOperation(db, pro, "export_pdf")).resolves.toBeUndefined();
  });

  it("a plural subject and an operation any of two features allows", async () => {
    const { db } = t.handle;
    const pro = await entitlementsFor(db, await insertUser(db, "pro"));
    await expect(requireOperation(db, pro, "save_style")).rejects.toMatchObject({
      message: "Custom transcription styles are not included in your Pro plan. Upgrade to Premium to use them.",
      data: { upgrade: { feature: "custom_transcription_styles", plans: ["premium"] } },
    });
    await expect(requireOperation(db, pro, "format_basic")).resolves.toBeUndefined();
    const free = await entitlementsFor(db, await insertUser(db));
    await expect(requireOperation(db, free, "format_basic")).rejects.toMatchObject({
      message: "AI enhancement is not included in your Free plan. Upgrade to Pro or Premium to use it.",
      data: { upgrade: { feature: "ai_enhancement" } },
    });
  });
});
