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

  it("finds a NUL under 100,000 levels of nesting without overflowing the stack", () => {
    const deep = (inner: string) => JSON.parse("[".repeat(100_000) + inner + "]".repeat(100_000)) as unknown;
    expect(containsNul(deep('"a\\u0000b"'))).toBe(true);
    expect(containsNul(deep('"plain"'))).toBe(false);
  });
});
