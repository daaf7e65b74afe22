import { planChange } from "./transitions";
import { annualPricePerMonth } from "./pricing";

describe("planChange (spec §4)", () => {
  it.each([
    ["free", "pro", "checkout"],
    ["free", "premium", "checkout"],
    ["pro", "premium", "checkout"],
    ["pro", "pro", "checkout"],
    ["premium", "premium", "checkout"],
    ["premium", "pro", "downgrade"],
    ["pro", "free", "invalid"],
    ["premium", "free", "invalid"],
    ["free", "free", "invalid"],
    ["free", "enterprise", "invalid"],
    ["enterprise", "pro", "invalid"],
    ["pro", "nonsense", "invalid"],
  ])("%s → %s: %s", (from, to, expected) => {
    expect(planChange(from, to)).toBe(expected);
  });
});

describe("annual price per month", () => {
  it("is the annual price / 12 rounded to a whole number", () => {
    expect(annualPricePerMonth(144)).toBe(12);
    expect(annualPricePerMonth(288)).toBe(24);
    expect(annualPricePerMonth(100)).toBe(8); // 8.33
    expect(annualPricePerMonth(150)).toBe(13); // 12.5 rounds up
    expect(annualPricePerMonth(0)).toBe(0);
  });
});
