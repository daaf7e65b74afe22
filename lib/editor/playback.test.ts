import { indexAt, indexWithin, isLowConfidence } from "./playback";

const items = [
  { start_ms: 0, end_ms: 1000 },
  { start_ms: 1500, end_ms: 2500 },
  { start_ms: 2500, end_ms: 4000 },
];

describe("playback position", () => {
  it("finds the item at a time, keeping the earlier one through a pause", () => {
    expect(indexAt(items, 0)).toBe(0);
    expect(indexAt(items, 1200)).toBe(0);
    expect(indexAt(items, 1500)).toBe(1);
    expect(indexAt(items, 2500)).toBe(2);
    expect(indexAt(items, 9000)).toBe(2);
    expect(indexAt([], 10)).toBe(-1);
    expect(indexAt([{ start_ms: 500, end_ms: 600 }], 100)).toBe(-1);
  });

  it("within: nothing in the pause after an item", () => {
    expect(indexWithin(items, 1200)).toBe(-1);
    expect(indexWithin(items, 1600)).toBe(1);
  });

  it("marks confidences below one half only", () => {
    expect(isLowConfidence(0.2)).toBe(true);
    expect(isLowConfidence(0.5)).toBe(false);
    expect(isLowConfidence(undefined)).toBe(false);
    expect(isLowConfidence(null)).toBe(false);
  });
});
