import { PLAN_SEED } from "./catalog";
import { canUpgrade, planChange, type PlanRules } from "./transitions";
import { annualPricePerMonth } from "./pricing";

/** The seed catalogue's plans, as the rules read them. */
const rules = (id: string): PlanRules | undefined => PLAN_SEED.find((p) => p.id === id);

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
    expect(planChange(rules(from), rules(to))).toBe(expected);
  });

  it("follows the plan data, not the ids: a plan an operator adds between pro and premium", () => {
    const plus: PlanRules = { id: "plus", rank: 2, isDefault: false, checkoutEnabled: true };
    const premium: PlanRules = { ...rules("premium")!, rank: 3 };
    expect(planChange(rules("pro"), plus)).toBe("checkout");
    expect(planChange(plus, premium)).toBe("checkout");
    expect(planChange(premium, plus)).toBe("downgrade");
    expect(planChange(plus, rules("pro"))).toBe("downgrade");
    expect(planChange(rules("free"), plus)).toBe("checkout");
    expect(planChange(undefined, plus)).toBe("invalid");
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

describe("canUpgrade: whether an Upgrade button is worth showing", () => {
  const offered = PLAN_SEED.filter((p) => p.inOnboardingModal);
  it.each([
    ["free", true],
    ["pro", true],
    // Team is above Premium; the top plan has nothing above it, and a plan sold by contract is changed by contract
    ["premium", true],
    ["team", false],
    ["enterprise", false],
  ])("on %s: %s", (id, expected) => {
    expect(canUpgrade(rules(id), offered)).toBe(expected);
  });
});
