import { annualPricePerMonth, formatPrice } from "./pricing";

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
