import { indexAt, indexWithin, parsePlaybackRate } from "./playback";

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
});

describe("the remembered playback speed", () => {
  it("reads back a stored speed only if the player offers it, else 1×", () => {
    expect(parsePlaybackRate("1.5")).toBe(1.5);
    expect(parsePlaybackRate("0.75")).toBe(0.75);
    expect(parsePlaybackRate("2")).toBe(2);
    for (const garbled of [null, "", " ", "3", "0", "-1", "abc", "1.5x", "Infinity", "NaN", "1e400", '{"rate":2}', "<script>"]) {
      expect(parsePlaybackRate(garbled)).toBe(1);
    }
  });
});
