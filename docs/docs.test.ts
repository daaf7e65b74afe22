/**
 * The docs cannot point at what is not there: every link between them lands on a file and a
 * heading that exist, every repository path they name in backticks exists, every API call they
 * name (`GET /api/…`) is a route that answers that method, and the README stays a front page.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const pages = ["README.md", ...readdirSync(__dirname).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const read = (page: string) => readFileSync(path.join(root, page), "utf8");

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\- _]/gu, "").replace(/ /g, "-");
}

const anchorsOf = (page: string) => new Set([...read(page).matchAll(/^#+\s+(.*)$/gm)].map((m) => anchorOf(m[1])));

/** Folders of this repository whose paths the docs name. */
const REPO_PATH = /^(?:lib|app|components|e2e|test|bench|scripts|docs|drizzle|deploy|public)\/[\w./[\]-]+$/;

/** The route file an API path is served by: `{param}` matches a `[param]` folder of any name. */
function routeFile(apiPath: string): string | null {
  let dir = path.join(root, "app");
  for (const part of apiPath.split("/").filter(Boolean)) {
    const entries = readdirSync(dir).filter((e) => statSync(path.join(dir, e)).isDirectory());
    const next = part.startsWith("{") ? entries.find((e) => /^\[[^.].*\]$/.test(e)) : entries.find((e) => e === part);
    if (!next) return null;
    dir = path.join(dir, next);
  }
  const file = path.join(dir, "route.ts");
  return existsSync(file) ? file : null;
}

describe("the docs", () => {
  it("keep the README a front page: at most 300 lines", () => {
    expect(read("README.md").split("\n").length).toBeLessThanOrEqual(300);
  });

  it.each(pages)("%s: every link to another page lands on a file and a heading that exist", (page) => {
    const broken: string[] = [];
    for (const [, target] of read(page).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [file, anchor] = target.split("#");
      const landing = file ? path.normalize(path.join(path.dirname(page), file)) : page;
      if (!existsSync(path.join(root, landing))) broken.push(target);
      else if (anchor && landing.endsWith(".md") && !anchorsOf(landing).has(anchor)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  it.each(pages)("%s: every repository path it names exists", (page) => {
    const named = [...read(page).matchAll(/`([^`\s]+)`/g)].map((m) => m[1].replace(/[.,:;)]+$/, ""));
    const missing = named.filter((p) => REPO_PATH.test(p) && !/[*{}…<>]/.test(p) && !existsSync(path.join(root, p)));
    expect(missing).toEqual([]);
  });

  it.each(pages)("%s: every API call it names is a route that answers that method", (page) => {
    const calls = [...read(page).matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]*)/g)].map((m) => ({ method: m[1], path: m[2] }));
    const missing = calls.filter(({ method, path: p }) => {
      const file = routeFile(p);
      return !file || !new RegExp(`export (const|async function) ${method}\\b`).test(readFileSync(file, "utf8"));
    });
    expect(missing).toEqual([]);
  });
});
