import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Endpoint } from "@/lib/api/endpoint";

/**
 * Each exported handler of app/api is route() (or Better Auth's catch-all) built from an
 * endpoint object of lib/api/endpoints whose method is the export's name and whose path is
 * the file's place; and each endpoint object is served by exactly one handler. So the
 * browser's calls, the OpenAPI document and the handlers name one path each.
 */
const ROOT = path.resolve(__dirname, "../..");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** "/api/folders/{id}" for app/api/folders/[id]/route.ts; an optional catch-all matches with or without its segment. */
function pathsOfFile(file: string): string[] {
  const dir = path.dirname(path.relative(path.join(ROOT, "app"), file)).split(path.sep);
  const optional = dir.at(-1)?.match(/^\[\[\.\.\.(\w+)\]\]$/);
  const segments = dir.map((s) => s.replace(/^\[\[?(?:\.\.\.)?(\w+)\]?\]$/, "{$1}"));
  const full = `/${segments.join("/")}`;
  return optional ? [full, `/${segments.slice(0, -1).join("/")}`] : [full];
}

const under = (dir: string) => readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" }).map((f) => path.join(ROOT, dir, f));
const files = under("app/api").filter((f) => path.basename(f) === "route.ts").sort();
const modules = Object.fromEntries(
  under("lib/api/endpoints")
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- every endpoint module, loaded by name
    .map((f) => [path.basename(f, ".ts"), require(f) as Record<string, Endpoint>]),
);

interface Served {
  file: string;
  method: string;
  endpoint: string;
}

function servedBy(file: string): Served[] {
  const source = readFileSync(file, "utf8");
  const namespaces = Object.fromEntries([...source.matchAll(/import \* as (\w+) from "@\/lib\/api\/endpoints\/([\w-]+)";/g)].map((m) => [m[1], m[2]]));
  return [...source.matchAll(/export const (\w+) = ([^;]*)/g)]
    .filter(([, name]) => METHODS.includes(name!))
    .map(([, method, value]) => {
      const used = /\b(\w+Api)\.(\w+)/.exec(value!);
      return { file: path.relative(ROOT, file), method: method!, endpoint: used && namespaces[used[1]!] ? `${namespaces[used[1]!]}.${used[2]}` : "" };
    });
}

const BETTER_AUTH = "app/api/auth/[...all]/route.ts";
const served = files.flatMap(servedBy).filter((s) => s.file !== BETTER_AUTH);

describe("endpoints and handlers", () => {
  it("finds the handlers and the endpoints", () => {
    expect(served.length).toBeGreaterThan(90);
    expect(Object.keys(modules).length).toBeGreaterThan(10);
  });

  it("builds every handler from an endpoint whose method and path are the handler's", () => {
    const wrong = served.flatMap((s) => {
      const [module, name] = s.endpoint.split(".");
      const e = module && name ? modules[module]?.[name] : undefined;
      if (!e) return [`${s.file} ${s.method}: no endpoint object`];
      const paths = pathsOfFile(path.join(ROOT, s.file));
      return e.method === s.method && paths.includes(e.path) ? [] : [`${s.file} ${s.method}: ${s.endpoint} is ${e.method} ${e.path}`];
    });
    expect(wrong).toEqual([]);
  });

  it("serves every endpoint object exactly once", () => {
    const count = new Map<string, number>();
    for (const s of served) count.set(s.endpoint, (count.get(s.endpoint) ?? 0) + 1);
    const defined = Object.entries(modules).flatMap(([module, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => typeof value === "object" && value !== null && "method" in value && "path" in value)
        .map(([name]) => `${module}.${name}`),
    );
    expect(defined.filter((d) => count.get(d) !== 1).map((d) => `${d}: served ${count.get(d) ?? 0} times`)).toEqual([]);
  });
});
