import { containsNul } from "./nul-characters";

describe("containsNul", () => {
  it.each([
    ["a\u0000b", true],
    [{ a: ["x", { b: "\u0000" }] }, true],
    [{ "k\u0000": 1 }, true],
    [{ a: ["x", { b: "ok" }], n: 1, t: true, z: null }, false],
    ["plain", false],
  ])("%j → %s", (value, expected) => {
    expect(containsNul(value)).toBe(expected);
  });
});
