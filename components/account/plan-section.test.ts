import { cancelConsequence } from "./plan-section";

describe("the cancel confirmation says what happens, in one coherent state", () => {
  it("with a downgrade scheduled: the plan ends and the downgrade is dropped", () => {
    expect(cancelConsequence({ planName: "Premium", periodEnd: "23 December 2026", scheduledChange: "Pro (monthly) from 23 December 2026" })).toBe(
      "You keep Premium until 23 December 2026; then your account moves to the free plan. The scheduled change (Pro (monthly) from 23 December 2026) is dropped. You can resume any time before then.",
    );
  });

  it("without one", () => {
    expect(cancelConsequence({ planName: "Pro", periodEnd: null, scheduledChange: null })).toBe(
      "You keep Pro until the end of this billing period; then your account moves to the free plan. You can resume any time before then.",
    );
  });
});
