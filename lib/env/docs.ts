import { VARIABLES, type Variable } from "./variables";

const entries = () => Object.entries(VARIABLES) as Array<[string, Variable]>;

const README_START = "<!-- configuration table: generated from lib/env/variables.ts by `npm run docs:config` -->";
const README_END = "<!-- end of configuration table -->";

/** The README's configuration table. */
function readmeTable(): string {
  const rows = entries()
    .filter(([name]) => name !== "NODE_ENV")
    .map(([name, v]) => `| \`${name}\` | ${v.shownDefault} | ${v.testOnly ? "tests only: " : ""}${v.doc.replace(/\|/g, "\\|")} |`);
  return ["| variable | default | meaning |", "|---|---|---|", ...rows].join("\n");
}

/** `.env.example`: every variable the app reads, grouped, each with its comment. */
export function envExample(): string {
  const out = [
    "# Verbatim configuration, generated from lib/env/variables.ts (`npm run docs:config`).",
    "# Every variable is optional: without any of them, `npm start` runs on embedded defaults",
    "# (PGlite under ./data, mail to the dev outbox, demo billing). Copy to .env and set what you need.",
  ];
  let section = "";
  for (const [name, v] of entries()) {
    if (name === "NODE_ENV") continue;
    if (v.section !== section) {
      section = v.section;
      out.push("", `# ── ${section} ──`);
    }
    out.push(`# ${v.doc.replace(/`/g, "")}`);
    out.push(`${v.testOnly ? "# " : ""}${name}=${v.example ?? ""}`);
  }
  return `${out.join("\n")}\n`;
}

/** The README with its configuration table replaced by the generated one. */
export function withReadmeTable(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error("README.md has no configuration table markers");
  return `${readme.slice(0, start + README_START.length)}\n${readmeTable()}\n${readme.slice(end)}`;
}
