import { readFileSync } from "node:fs";
import path from "node:path";
import { envExample, withReadmeTable } from "./docs";
import { VARIABLES } from "./variables";

const root = path.resolve(__dirname, "../..");

describe("configuration docs are generated from the one schema", () => {
  it("the README's configuration table matches lib/env/variables.ts (run `npm run docs:config`)", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    expect(withReadmeTable(readme)).toBe(readme);
  });

  it(".env.example matches lib/env/variables.ts (run `npm run docs:config`)", () => {
    expect(readFileSync(path.join(root, ".env.example"), "utf8")).toBe(envExample());
  });

  it("documents every variable", () => {
    for (const [name, v] of Object.entries(VARIABLES)) {
      expect(`${name}: ${v.doc}`.length).toBeGreaterThan(name.length + 10);
    }
  });
});
