import type { FeatureKey } from "@/lib/billing/features";
import { editorCapabilities } from "./capabilities";

const plan = (...features: FeatureKey[]) => ({ planName: "Test", features: new Set(features) });

describe("editorCapabilities", () => {
  it("offers what the plan's features allow", () => {
    const free = editorCapabilities(plan("export_txt", "in_app_editing"), true);
    expect(free).toEqual({
      planName: "Test",
      editing: true,
      viewer: false,
      exports: { txt: true, srt: true, vtt: true, md: false, pdf: false, docx: false },
      basicFormatting: "needs-plan",
      advancedFormatting: "needs-plan",
      customStyles: "needs-plan",
    });
  });

  it("names the missing language model only when the plan has the feature", () => {
    const premium = editorCapabilities(plan("ai_enhanced_formatting", "advanced_ai_formatting", "custom_transcription_styles"), false);
    expect(premium).toMatchObject({ editing: false, basicFormatting: "available", advancedFormatting: "needs-llm", customStyles: "needs-llm" });
    expect(editorCapabilities(plan("advanced_ai_formatting"), true).advancedFormatting).toBe("available");
  });

  it("gives a workspace's viewer the plan's exports and no editing", () => {
    const viewer = editorCapabilities(plan("export_txt", "in_app_editing"), true, true);
    expect(viewer).toMatchObject({ editing: false, viewer: true, exports: { txt: true, srt: true, vtt: true } });
  });
});
