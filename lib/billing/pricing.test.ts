import { annualPricePerMonth, formatPrice, priceUnit } from "./pricing";

describe("annual price shown per month", () => {
  it.each([
    [144, 12],
    [150, 13], // 12.5 rounds up
    [100, 8], // 8.33
    [107.99, 9], // 8.999
    [0, 0],
  ])("annual %d → %d per month", (annual, monthly) => {
    expect(annualPricePerMonth(annual)).toBe(monthly);
  });
  it("formats whole and fractional prices", () => {
    expect(formatPrice(15)).toBe("$15");
    expect(formatPrice(9.5)).toBe("$9.50");
  });
});

describe("what a price is for", () => {
  it("says per seat on a plan priced per seat: \"$20 per seat / month\"", () => {
    expect(`${formatPrice(20)}${priceUnit(true)}`).toBe("$20 per seat / month");
    expect(`${formatPrice(15)}${priceUnit(false)}`).toBe("$15 / month");
    expect(`${formatPrice(192)}${priceUnit(true, "year")}`).toBe("$192 per seat / year");
  });
});
