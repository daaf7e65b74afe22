/**
 * Browser code names no API path as a string: it calls, reads and links endpoints
 * (lib/api/endpoints) through `call`, `useApi` and `urlOf`, so a path is written once, where
 * the route, the client and the OpenAPI document all take it from.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** Where paths may be written: the endpoints themselves, and the server's route handlers. */
const PATHS_LIVE_IN = [/^lib\/api\/endpoints\//, /^lib\/api\/endpoint\.ts$/, /^lib\/api\/openapi\.ts$/, /^app\/api\//];

/** The browser's code: components, the app's pages and layouts, the client side of lib/api and the uploads' client (lib/uploads/client). */
const browserFiles = () => ["components", "app", "lib/api", "lib/uploads/client"].flatMap(sourceFiles).filter((file) => !PATHS_LIVE_IN.some((allowed) => allowed.test(file)));

/** String literals (quoted, template or JSX attribute) that start with /api/, with their line; comments do not count. */
function apiPathLiterals(file: string, text = readFileSync(path.join(ROOT, file), "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) && node.text.startsWith("/api/")) {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("API paths", () => {
  it("are written only in lib/api/endpoints: browser code takes them from the endpoint objects", () => {
    const files = browserFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => apiPathLiterals(file))).toEqual([]);
  });

  it("the check sees quoted, template and JSX literals, and not comments", () => {
    const sample = [
      'const a = "/api/a";',
      "const b = `/api/b/${id}`;",
      'const c = <a href="/api/c">docs</a>;',
      '// "/api/d" in a comment',
      '/** `/api/e` in a doc comment */',
      'const f = "/apis/f" + "api/g";',
    ].join("\n");
    expect(apiPathLiterals("sample.tsx", sample)).toEqual(['sample.tsx:1 "/api/a"', "sample.tsx:2 `/api/b/${", 'sample.tsx:3 "/api/c"']);
  });
});
