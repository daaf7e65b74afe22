import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { testTemplate } from "./templates";

describe("a template shared by the suites of one test run", () => {
  const saved = process.env.VERBATIM_TEST_TEMPLATES;
  let dir = "";
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "templates-test-"));
    process.env.VERBATIM_TEST_TEMPLATES = dir;
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    process.env.VERBATIM_TEST_TEMPLATES = saved;
  });

  it("is made once however many ask at the same time, and every one gets it", async () => {
    let made = 0;
    const make = async (into: string) => {
      made++;
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(into, "template");
    };
    const paths = await Promise.all([testTemplate("t", make), testTemplate("t", make), testTemplate("t", make)]);
    expect(made).toBe(1);
    expect(new Set(paths)).toEqual(new Set([path.join(dir, "t")]));
    expect(readFileSync(path.join(dir, "t"), "utf8")).toBe("template");
    expect(await testTemplate("t", make)).toBe(path.join(dir, "t"));
    expect(made).toBe(1);
  });

  it("is null for all when making it fails, so each builds its own", async () => {
    const make = async (into: string) => {
      writeFileSync(into, "half");
      throw new Error("initdb failed");
    };
    expect(await Promise.all([testTemplate("t", make), testTemplate("t", make)])).toEqual([null, null]);
    expect(await testTemplate("t", make)).toBeNull();
  });

  it("is null outside a jest run", async () => {
    delete process.env.VERBATIM_TEST_TEMPLATES;
    expect(await testTemplate("t", async () => undefined)).toBeNull();
  });
});
