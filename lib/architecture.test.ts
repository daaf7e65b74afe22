/**
 * The shape rules of ARCHITECTURE.md, checked on the source so they stay true: counts that
 * must be zero, with the offending files named when they are not.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const runtimeFiles = ["app", "components", "lib"].flatMap(sourceFiles).concat(["proxy.ts", "instrumentation.ts"]).filter((f) => !isTest(f));
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

function offenders(files: string[], pattern: RegExp): string[] {
  return files.filter((file) => pattern.test(withoutComments(read(file))));
}

describe("architecture", () => {
  it("reads process.env only in lib/env (and Next's literal NEXT_RUNTIME check in instrumentation.ts)", () => {
    const files = runtimeFiles.filter((f) => !f.startsWith("lib/env/"));
    const found = files.filter((file) => {
      const text = withoutComments(read(file)).replace(/process\.env\.NEXT_RUNTIME/g, "");
      return /process\.env/.test(text);
    });
    expect(found).toEqual([]);
  });

  it("builds HTTP responses only in lib/http among lib modules", () => {
    const lib = runtimeFiles.filter((f) => f.startsWith("lib/") && !f.startsWith("lib/http/"));
    const found = offenders(lib, /new Response\(|Response\.(json|redirect)\(|NextResponse|@\/lib\/http\/(responses|error-response|route)["']/);
    expect(found).toEqual([]);
  });

  it("names plan ids only in the seed catalogue and the database layer", () => {
    const files = runtimeFiles.filter((f) => f !== "lib/billing/catalog.ts" && !f.startsWith("lib/db/"));
    const found = offenders(files, /["'`](free|pro|premium|enterprise)["'`]/);
    expect(found).toEqual([]);
  });

  it("builds every API route with route(), Better Auth's catch-all aside", () => {
    const routes = sourceFiles("app/api").filter((f) => f.endsWith("/route.ts") && !f.startsWith("app/api/auth/"));
    const found = routes.filter((file) => !/\broute\(\{/.test(read(file)));
    expect(found).toEqual([]);
  });

  it("calls the API from the browser only through the typed client in lib/api", () => {
    const browser = runtimeFiles.filter((f) => f.startsWith("components/") || f.startsWith("app/") || f.startsWith("lib/session/"));
    const found = offenders(browser, /\bfetch\(|new XMLHttpRequest/);
    expect(found).toEqual([]);
  });

  it("keeps route handlers in app/ only", () => {
    const lib = runtimeFiles.filter((f) => f.startsWith("lib/") && !f.startsWith("lib/http/"));
    const found = offenders(lib, /\(request: Request(, [^)]*)?\): Promise<Response>/);
    expect(found).toEqual([]);
  });
});
