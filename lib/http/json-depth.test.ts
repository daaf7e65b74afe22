import { MAX_JSON_DEPTH, nestedDeeperThan } from "./json-depth";

const arrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

describe("nestedDeeperThan", () => {
  it.each([
    ["a string", '"text"', false],
    ["a number", "1", false],
    ["null", "null", false],
    ["an empty object", "{}", false],
    ["a wide, shallow object", '{"a":[1,2,{"b":"c"}],"d":{"e":null}}', false],
    [`arrays ${MAX_JSON_DEPTH} deep`, arrays(MAX_JSON_DEPTH), false],
    [`arrays ${MAX_JSON_DEPTH + 1} deep`, arrays(MAX_JSON_DEPTH + 1), true],
    [`objects ${MAX_JSON_DEPTH + 1} deep`, objects(MAX_JSON_DEPTH + 1), true],
    ["brackets inside strings", JSON.stringify({ a: "[".repeat(1000), b: '\\"[[[' }), false],
    ["an escaped quote does not end a string", JSON.stringify(["\"" + "[".repeat(100)]), false],
  ])("%s → %s", (_what, json, expected) => {
    expect(nestedDeeperThan(json)).toBe(expected);
  });

  it("reads a body nested 500,000 levels without parsing it", () => {
    expect(nestedDeeperThan(arrays(500_000))).toBe(true);
    expect(nestedDeeperThan(objects(100_000), 200_000)).toBe(false);
  });
});
