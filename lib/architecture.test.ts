/**
 * The shape rules of docs/architecture.md, checked on the source so they stay true: counts that
 * must be zero, with the offending files named when they are not.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
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

/**
 * The folders of lib/ from the bottom up (docs/architecture.md, "Layout"). An entry is a folder of
 * lib/ ("billing"), a folder inside one ("recordings/store"), or a file directly in lib/
 * ("health.ts"); a file belongs to the longest entry its path starts with, and each entry counts
 * as a folder of its own. A folder imports folders of its own layer or below, never one above,
 * and never one that imports it back.
 */
const LAYERS: readonly (readonly string[])[] = [
  ["errors", "env", "log", "process", "theme", "analytics", "landing", "offline", "texts.ts", "roles.ts"],
  ["db", "storage", "security", "audio"],
  ["account", "settings", "text", "jobs", "email", "recordings/store", "access", "speakers"],
  ["billing"],
  // The browser's side: the contract and typed client, and the uploads' client (tus, direct to the bucket).
  ["api", "uploads/client"],
  ["vocabulary", "transcription", "uploads", "exports", "formatting", "webhooks", "api-keys"],
  // sharing signs its tokens with the auth secret and exports through the editor's own export;
  // uploads/web answers tus requests, so it sits beside http.
  ["recordings", "auth", "http", "uploads/web", "off-thread", "editor", "db-setup", "health.ts", "sharing", "workspaces", "api-docs"],
  ["admin", "worker"],
];

/** What `npm run lint:deps` cruises. */
const CRUISED = ["lib", "components", "app", "proxy.ts", "instrumentation.ts"];

/** One import of a module, as dependency-cruiser resolved it (`import type` included). */
interface Edge {
  from: string;
  /** the module's path, or for a package its name ("drizzle-orm"), for Node's own modules "node:fs" */
  to: string;
  external: boolean;
  typeOnly: boolean;
}

/**
 * Every import of the app's modules (tests aside), from dependency-cruiser's `cruise()`
 * with the settings of `npm run lint:deps`. dependency-cruiser is published as ES modules only,
 * which Jest's CommonJS runtime cannot load, so the cruise runs in a Node process of its own.
 */
function importGraph(): Edge[] {
  const script = `
    import { createRequire } from "node:module";
    import { cruise } from "dependency-cruiser";
    import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
    const config = createRequire(process.cwd() + "/")("./.dependency-cruiser.cjs");
    const { output } = await cruise(${JSON.stringify(CRUISED)}, config.options, {}, { tsConfig: extractTSConfig("tsconfig.json") });
    const edges = output.modules.flatMap((module) =>
      module.dependencies
        .filter((d) => !d.couldNotResolve)
        .map((d) => {
          const external = d.coreModule || d.resolved.includes("node_modules/");
          const to = d.coreModule ? "node:" + d.module.replace(/^node:/, "") : external ? d.module : d.resolved;
          return { from: module.source, to, external, typeOnly: d.dependencyTypes.includes("type-only") };
        }),
    );
    process.stdout.write(JSON.stringify(edges));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out) as Edge[];
}

/** The entries of LAYERS, longest first, so a nested one ("recordings/store") wins over its folder. */
const ENTRIES = LAYERS.flat().sort((a, b) => b.length - a.length);

/**
 * The entry of LAYERS a file belongs to: lib/billing/plans.ts → "billing",
 * lib/recordings/store/draft.ts → "recordings/store", lib/health.ts → "health.ts"; for a file
 * in no entry its top folder under lib/ (reported as in no layer); outside lib/, null.
 */
function libFolder(file: string): string | null {
  const match = /^lib\/(.+)$/.exec(file);
  if (!match) return null;
  const rest = match[1];
  return ENTRIES.find((entry) => rest === entry || rest.startsWith(`${entry}/`)) ?? rest.split("/")[0];
}

/** The modules that may speak HTTP (build responses, map errors to statuses): lib/http and the tus adapter of uploads. */
const HTTP_ADAPTERS = ["lib/http/", "lib/uploads/web/"];
const isHttpAdapter = (file: string) => HTTP_ADAPTERS.some((folder) => file.startsWith(folder));

/** Where the browser's own modules of lib/ start: every module of these is loaded by the browser. */
const BROWSER_LIB = ["lib/api/contract", "lib/uploads/client"];

const showEdge = (edge: Edge) => `${edge.from} → ${edge.to}${edge.typeOnly ? " (type)" : ""}`;

describe("architecture", () => {
  it("keeps every component under 300 lines (a longer one is split into its parts and hooks)", () => {
    const long = runtimeFiles.filter((f) => f.startsWith("components/") && read(f).split("\n").length > 300);
    expect(long).toEqual([]);
  });

  it("docs/architecture.md's layer table lists exactly LAYERS, layer by layer", () => {
    const table = read("docs/architecture.md").match(/^\| \d+ [^|]+\| .*\|$/gm) ?? [];
    const documented = table.map((row) => [...row.split("|")[2].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
    expect(documented).toEqual(LAYERS);
  });

  it("names in LAYERS only folders and files of lib/ that exist, each once", () => {
    const missing = LAYERS.flat().filter((entry) => !existsSync(path.join(ROOT, "lib", entry)));
    const twice = LAYERS.flat().filter((entry, i, all) => all.indexOf(entry) !== i);
    expect([...missing, ...twice]).toEqual([]);
  });

  it("reads process.env only in lib/env (and Next's literal NEXT_RUNTIME check in instrumentation.ts)", () => {
    // The API docs' examples are users' scripts, printed on /docs/api: their text names process.env, the app never runs it.
    const files = runtimeFiles.filter((f) => !f.startsWith("lib/env/") && f !== "lib/api-docs/openapi-examples.ts");
    const found = files.filter((file) => {
      const text = withoutComments(read(file)).replace(/process\.env\.NEXT_RUNTIME/g, "");
      return /process\.env/.test(text);
    });
    expect(found).toEqual([]);
  });

  it("builds HTTP responses only in lib/http (and the uploads' tus adapter, lib/uploads/web) among lib modules", () => {
    const lib = runtimeFiles.filter((f) => f.startsWith("lib/") && !isHttpAdapter(f));
    const found = offenders(lib, /new Response\(|Response\.(json|redirect)\(|NextResponse/);
    expect(found).toEqual([]);
  });

  it("writes the jobs table only in the job engine's store (lib/jobs/store.ts)", () => {
    const files = runtimeFiles.concat(sourceFiles("scripts")).filter((f) => f !== "lib/jobs/store.ts" && !isTest(f));
    const writes = /\.(insert|update|delete)\(\s*jobs\s*\)|\b(insert\s+into|update|delete\s+from)\s+"?jobs"?\b/i;
    expect(offenders(files, writes)).toEqual([]);
    // And the check sees a write where there is one.
    expect(writes.test("await tx.update(jobs).set({ status })")).toBe(true);
    expect(writes.test("sql`delete from jobs where id = ${id}`")).toBe(true);
  });

  it("says workspace, not organization, outside the auth adapter (Better Auth's own field names stay there)", () => {
    const adapters = ["lib/auth/auth.ts", "components/workspaces/workspace-calls.ts"];
    const found = offenders(runtimeFiles.filter((f) => !adapters.includes(f)), /organizationId|activeOrganization/);
    expect(found).toEqual([]);
  });

  it("names plan ids only in the seed catalogue and the database layer", () => {
    const files = runtimeFiles.filter((f) => f !== "lib/billing/catalog.ts" && !f.startsWith("lib/db/"));
    const found = offenders(files, /["'`](free|pro|premium|enterprise)["'`]/);
    expect(found).toEqual([]);
  });

  it("builds every API route with route(), Better Auth's catch-all aside", () => {
    const routes = sourceFiles("app/api").filter((f) => f.endsWith("/route.ts") && !f.startsWith("app/api/auth/"));
    const found = routes.filter((file) => !/\broute\(\s*\w+/.test(read(file)));
    expect(found).toEqual([]);
  });

  it("leaves reading bodies and queries to route(): route files parse nothing, their schemas are in lib/api/contract", () => {
    const routes = sourceFiles("app/api").filter((f) => f.endsWith("/route.ts"));
    const found = offenders(routes, /parseJsonBody|parseQuery|request\.json\(\)|\.safeParse\(|from "zod(\/mini)?"/);
    expect(found).toEqual([]);
  });

  it("calls the API from the browser only through the typed client in lib/api (and the uploads' client in lib/uploads/client)", () => {
    const browser = runtimeFiles.filter((f) => f.startsWith("components/") || f.startsWith("app/"));
    const found = offenders(browser, /\bfetch\(|new XMLHttpRequest/);
    expect(found).toEqual([]);
  });

  it("keeps route handlers in app/ only", () => {
    const lib = runtimeFiles.filter((f) => f.startsWith("lib/") && !f.startsWith("lib/http/"));
    const found = offenders(lib, /\(request: Request(, [^)]*)?\): Promise<Response>/);
    expect(found).toEqual([]);
  });
});

describe("import graph", () => {
  let edges: Edge[] = [];
  beforeAll(() => {
    edges = importGraph();
  });

  it("reads the graph (the alias @/ resolved)", () => {
    expect(edges).toContainEqual({ from: "lib/http/route.ts", to: "lib/errors/domain-error.ts", external: false, typeOnly: false });
  });

  it("has no two folders of lib/ importing each other", () => {
    const between = new Map<string, Edge[]>();
    for (const edge of edges) {
      const [a, b] = [libFolder(edge.from), libFolder(edge.to)];
      if (!a || !b || a === b) continue;
      const key = `${a} ${b}`;
      between.set(key, [...(between.get(key) ?? []), edge]);
    }
    const pairs = [...between.keys()]
      .map((key) => key.split(" "))
      .filter(([a, b]) => a < b && between.has(`${b} ${a}`))
      .map(([a, b]) => [`lib/${a} ↔ lib/${b}`, ...[...between.get(`${a} ${b}`)!, ...between.get(`${b} ${a}`)!].map(showEdge)]);
    expect(pairs).toEqual([]);
  });

  it("has every folder of lib/ import only its own layer or the ones below", () => {
    const layerOf = new Map(LAYERS.flatMap((folders, layer) => folders.map((folder) => [folder, layer] as const)));
    const folders = new Set(edges.flatMap((edge) => [libFolder(edge.from), libFolder(edge.to)]).filter((f): f is string => f !== null));
    const unplaced = [...folders].filter((folder) => !layerOf.has(folder)).map((folder) => `lib/${folder} is in no layer of LAYERS`);
    const upward = edges
      .filter((edge) => {
        const [a, b] = [libFolder(edge.from), libFolder(edge.to)];
        return a && b && layerOf.has(a) && layerOf.has(b) && layerOf.get(b)! > layerOf.get(a)!;
      })
      .map(showEdge);
    expect([...unplaced, ...upward]).toEqual([]);
  });

  it("keeps server-only modules out of what the browser's contract and the uploads' client import", () => {
    // Followed from every module of lib/api/contract and lib/uploads/client (the browser may load
    // any of them, bodies included), through value imports.
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const edge of edges.filter((e) => e.from === file && !e.typeOnly)) {
        if (edge.external) {
          if (/^(node:|drizzle-orm|pg$|@electric-sql)/.test(edge.to)) reached.add(showEdge(edge));
        } else visit(edge.to);
      }
    };
    BROWSER_LIB.flatMap(sourceFiles).filter((f) => !isTest(f)).forEach(visit);
    // A list the schema shares with the browser (lib/db/transcription-statuses.ts) may be reached: it imports nothing.
    const importsSomething = (file: string) => edges.some((e) => e.from === file);
    const serverOnly = [...reached].filter(
      (f) => f.includes(" → ") || /^lib\/(env|http|jobs|worker)\//.test(f) || (f.startsWith("lib/db/") && importsSomething(f)),
    );
    expect(serverOnly).toEqual([]);
    expect(reached).toContain("lib/db/transcription-statuses.ts");
    // Nor classic zod (zod/mini keeps the browser's bundle small). The graph leaves packages out,
    // so the source is read.
    const classicZod = [...reached].filter((f) => !f.includes(" → ") && /^import (?!type\b)[^;]*\bfrom "zod";/m.test(read(f)));
    expect(classicZod).toEqual([]);
  });

  it("has only lib/http (and the uploads' tus adapter) import the response builders of lib/http", () => {
    const builders = ["lib/http/responses.ts", "lib/http/error-response.ts", "lib/http/route.ts"];
    const found = edges.filter((edge) => edge.from.startsWith("lib/") && !isHttpAdapter(edge.from) && builders.includes(edge.to)).map(showEdge);
    expect(found).toEqual([]);
  });

  it("has lib/ import nothing from components/ or app/", () => {
    const found = edges.filter((edge) => edge.from.startsWith("lib/") && /^(components|app)\//.test(edge.to)).map(showEdge);
    expect(found).toEqual([]);
  });
});
