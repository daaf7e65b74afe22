import { annualPricePerMonth, formatCharge, formatPrice, priceUnit } from "./pricing";

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

describe("a charge the provider worked out", () => {
  it("is in dollars as the catalogue writes them, or in its own currency", () => {
    expect(formatCharge({ amount: 26.67, currency: "usd" })).toBe("$26.67");
    expect(formatCharge({ amount: 20, currency: "usd" })).toBe("$20.00");
    expect(formatCharge({ amount: 2667, currency: "jpy" })).toBe("¥2,667");
    expect(formatCharge({ amount: 24.5, currency: "eur" })).toBe("€24.50");
  });
});
