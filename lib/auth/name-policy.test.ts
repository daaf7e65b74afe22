import { displayName, nameProblem } from "./name-policy";

describe("nameProblem", () => {
  it.each(["Ada Lovelace", "José Ñúñez", "李小龙", "O'Brien-Smith Jr."])("accepts %j", (name) => {
    expect(nameProblem(name)).toBeNull();
  });
  it.each([
    ["   ", "NAME_MISSING"],
    ["x".repeat(101), "NAME_TOO_LONG"],
    ["Visit https://evil.example", "NAME_INVALID"],
    ["see www.evil.example", "NAME_INVALID"],
    ["\u202E\u2066\r\n", "NAME_MISSING"],
    ["<b>bold</b>", "NAME_INVALID"],
  ])("refuses %j as %s", (name, problem) => {
    expect(nameProblem(name)).toBe(problem);
  });
});

describe("displayName", () => {
  it("keeps a name on one line, without control or bidirectional characters", () => {
    expect(displayName(" Ada\r\nLovelace\u202E ")).toBe("Ada Lovelace");
    expect(nameProblem("two\nlines")).toBeNull();
  });
});
